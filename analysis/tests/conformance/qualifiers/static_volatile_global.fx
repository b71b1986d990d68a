// static volatile is X3008 (parser::parse_variable)
#include "../case.fxh"
static volatile float G = 2;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
