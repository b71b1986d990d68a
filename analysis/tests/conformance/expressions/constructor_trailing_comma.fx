// a constructor's arguments take no trailing comma (a syntax error, not a count)
#include "../case.fxh"
static const float3x3 M = float3x3(1, 0, 0,
    0, 1, 0,
    0, );
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target { return M[0].xyzz; }
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
