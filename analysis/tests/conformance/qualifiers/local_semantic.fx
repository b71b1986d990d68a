// a local with a semantic is X3043 (parser::parse_variable)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float a : TEXCOORD0;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
