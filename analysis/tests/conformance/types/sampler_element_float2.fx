// sampler2D<float2> over an RG16F texture; tex2D takes only float4 samplers, X3004 (resolve_function_call)
#include "../case.fxh"
texture2D RgTex { Width = 4; Height = 4; Format = RG16F; };
sampler2D<float2> RgSamp { Texture = RgTex; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return float4(tex2D(RgSamp, uv), 0, 1);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
