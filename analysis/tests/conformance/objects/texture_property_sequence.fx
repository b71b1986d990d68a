// A comma sequence as a texture's size: its last part
#include "../case.fxh"
texture T0 { Width = (3, 4); Height = (1, 2); };
sampler S0 { Texture = T0; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return tex2D(S0, uv);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
