// a pass closed with no shader, then a syntax error: the missing shaders come first (parse_technique_pass)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T
{
    pass P
    {
    }VertexShader = CaseVS;
    PixelShader = PS;
}
