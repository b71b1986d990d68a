// matrix<float, 2, 3> is float2x3 (parser::accept_type_class)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    matrix<float, 2, 3> a = float2x3(1, 2, 3, 4, 5, 6);
    float2x3 b = a;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
