// locals named like WGSL built-ins (parse_variable)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float mix = 0.5;
    float select = 1;
    float textureSample = 2;
    float f32 = 3;
    return lerp(0, 1, mix) + select + textureSample + f32;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
