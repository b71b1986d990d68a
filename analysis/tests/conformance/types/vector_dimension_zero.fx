// vector dimension 0 is X3052 (parser::accept_type_class)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    vector<float, 0> a;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
