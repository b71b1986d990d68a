// a pixel shader output whose semantic starts with COLOR is a render target: COLORX is target 0 (codegen semantic_to_location: strtoul)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : COLORX
{
    return 1;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
