// static const on a local (parser::parse_variable)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    static const float a = 1;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
