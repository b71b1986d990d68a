// a float4x4 initialising a int (parse_variable, type::rank)
#include "../../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float4x4 a;
    int b = a;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
