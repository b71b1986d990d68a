// an initialiser read whole is checked before the missing ';' is found on the next line
#include "../case.fxh"
static const float x = Missing
static const float y = 1.0;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target { return y; }
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
