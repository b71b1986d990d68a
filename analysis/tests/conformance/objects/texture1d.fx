// a texture1D (parse_variable)
#include "../case.fxh"
texture1D T { Width = 4; };
sampler1D S { Texture = T; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return tex1D(S, uv.x);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
