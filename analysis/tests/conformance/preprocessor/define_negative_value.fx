// a macro starting with - after - does not glue into -- (preprocessor::create_macro_replacement_list)
#include "../case.fxh"
#define NUM -1
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    int a = -NUM;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
