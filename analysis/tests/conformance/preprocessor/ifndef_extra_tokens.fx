// tokens after the name of #ifndef are an error (preprocessor::parse)
#include "../case.fxh"
#ifndef A junk
#endif
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
