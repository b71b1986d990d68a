// uint3x2 locals (parser::accept_type_class)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    uint3x2 a = uint3x2(1, 2, 3, 4, 5, 6);
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
