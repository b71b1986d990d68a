// an argument next to ## is not expanded first (preprocessor::create_macro_replacement_list)
#include "../case.fxh"
#define B 7
#define JOIN(a, b) a##b
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float xB = 1;
    float c = JOIN(x, B);
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
