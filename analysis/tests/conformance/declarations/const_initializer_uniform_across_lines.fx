// a value that is no constant in a global initialiser: X3011, where the initialiser starts
#include "../case.fxh"
uniform float U;
static const float3 W = float3(
    1.0,
    U,
    2.0);
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target { return W.xyzz; }
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
