// exists "file" is false for a missing file (preprocessor::evaluate_expression)
#include "../case.fxh"
#if exists "no_such_file.fxh"
error here
#else
float a = 1;
#endif
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
