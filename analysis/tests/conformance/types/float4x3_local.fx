// float4x3 locals (parser::accept_type_class)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float4x3 a = float4x3(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12);
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
