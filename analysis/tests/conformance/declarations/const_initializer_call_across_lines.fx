// a call in a global initialiser is X3005 where the initialiser starts
#include "../case.fxh"
static const float3 W = float3(
    1.0,
    sin(1.0),
    2.0);
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target { return W.xyzz; }
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
