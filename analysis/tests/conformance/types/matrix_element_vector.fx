// a matrix element type must be scalar, X3123 (parser::accept_type_class)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    matrix<float3, 2, 2> a;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
