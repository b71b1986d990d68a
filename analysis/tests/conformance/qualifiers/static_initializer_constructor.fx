// a constructor of constants is constant (parser::parse_variable)
#include "../case.fxh"
static float3 G = float3(1, 2, 3);
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return G.xyzz;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
