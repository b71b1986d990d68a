// vector<float, 3> is float3 (parser::accept_type_class)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    vector<float, 3> a = float3(1, 2, 3);
    float3 b = a;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
