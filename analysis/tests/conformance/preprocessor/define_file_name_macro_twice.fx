// a second #define __FILE_NAME__ is a redefinition (preprocessor::parse_def)
#include "../case.fxh"
#define __FILE_NAME__ "a"
#define __FILE_NAME__ "a"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
