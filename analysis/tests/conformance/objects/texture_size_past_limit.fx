// A texture wider than any device makes one (ReShade's front end takes any size; its runtime fails to create it)
#include "../case.fxh"
texture T0 { Width = 100000; Height = 4; };
sampler S0 { Texture = T0; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return tex2D(S0, uv);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
