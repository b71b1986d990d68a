// a variadic macro with __VA_ARGS__ (preprocessor::create_macro_replacement_list)
#include "../case.fxh"
#define MAKE(t, ...) t(__VA_ARGS__)
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float3 x = MAKE(float3, 1, 2, 3);
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
