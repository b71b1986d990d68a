// a second #define __LINE__ is a redefinition (preprocessor::parse_def)
#include "../case.fxh"
#define __LINE__ 1
#define __LINE__ 2
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
