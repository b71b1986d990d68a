// vector<int, 2> is int2 (parser::accept_type_class)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    vector<int, 2> a = int2(1, 2);
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
