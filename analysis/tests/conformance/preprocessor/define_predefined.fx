// defining a predefined macro again is an error (preprocessor::parse_def)
#include "../case.fxh"
#define BUFFER_WIDTH 100
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float a = BUFFER_WIDTH;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
