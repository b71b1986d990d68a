// a static global without an initial value is zero (parse_variable)
#include "../case.fxh"
static float3 G;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return G.xyzz;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
