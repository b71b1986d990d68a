// #if 0 takes the #else block (preprocessor::parse_else)
#include "../case.fxh"
#if 0
float a = ;
#else
float a = 1;
#endif
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
