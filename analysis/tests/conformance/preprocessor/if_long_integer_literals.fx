// integer literals in #if longer than 32 bits: ReShade's lexer reads the first 19 digits (wrapping), ignores the rest and keeps the low 32 bits; 8589934592000000000 is 2 x 10^9 x 2^32, so it and the same digits with a twentieth are 0 (a mutant of Sketch.fx, seed 937)
#include "../case.fxh"
#if 99999999999999999999999999999999999999999999999991
float4 PS(float4 pos : SV_Position) : SV_Target { return 1; }
#endif
#if 8589934592000000000 || 85899345920000000001 || 0x10000000000000000
#error "the low 32 bits are 0"
#endif
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
