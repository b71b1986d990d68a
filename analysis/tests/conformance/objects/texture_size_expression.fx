// a texture size from an expression of constants (parse_variable)
#include "../case.fxh"
static const int W = 16;
texture2D T { Width = W * 2; Height = BUFFER_HEIGHT / 4; };
sampler2D S { Texture = T; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return tex2D(S, uv);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
