// ## cannot end a replacement list (preprocessor::create_macro_replacement_list)
#include "../case.fxh"
#define JOIN(a, b) a b ##
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
