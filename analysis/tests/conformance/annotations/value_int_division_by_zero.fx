// an annotation value with an integer division by a constant zero is no literal expression (X3011)
#include "../case.fxh"
uniform float U < ui_min = 4 / 0; > = 1.0;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target { return U; }
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
