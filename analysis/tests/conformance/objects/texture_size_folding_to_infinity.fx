// texture sizes that fold to no int (1e9999964 * 64 is an infinity, -1e40 past 2^31; a mutant of PD80_02_Cinetools_LUT.fx, seed 937): ReShade casts each to the smallest int, warns that it is negative (X3571) and makes the size 1
#include "../case.fxh"
texture T1 { Width = 1e9999964 * 64; Height = -1e40; Format = RGBA8; };
sampler S1 { Texture = T1; };
float4 PS(float4 pos : SV_Position) : SV_Target { return tex2D(S1, 0.5); }
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
