// matrix rows 0 is X3053 (parser::accept_type_class)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    matrix<float, 0, 2> a;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
