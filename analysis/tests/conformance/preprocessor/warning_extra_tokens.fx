// tokens after the string of #warning are an error (preprocessor::parse)
#include "../case.fxh"
#warning "careful" junk
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
