// a string literal assigned to a float is X3017 (parse_variable)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float a = "text";
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
