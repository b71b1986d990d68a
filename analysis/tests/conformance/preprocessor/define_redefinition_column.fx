// the redefinition error is at the name, after the spaces (preprocessor::parse_def)
#include "../case.fxh"
#define A 1
#  define    A 2
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
