// a number followed by a macro name in an #if: two operands, an invalid expression (ReShade's lexer ends 16 before X)
#include "../case.fxh"
#define X 1
#if 16X
#endif
float4 PS(float4 pos : SV_Position) : SV_Target { return 0; }
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
