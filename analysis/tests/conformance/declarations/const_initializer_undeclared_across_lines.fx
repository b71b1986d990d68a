// an undeclared name in a constant's initialiser is its only error, on the name's line
#include "../case.fxh"
static const float W[3] = {
    1.0,
    Missing,
    2.0 };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target { return W[1]; }
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
