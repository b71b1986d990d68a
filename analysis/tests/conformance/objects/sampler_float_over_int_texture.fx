// sampler2D over an R32I texture is X4582 (parse_variable)
#include "../case.fxh"
texture2D T { Width = 4; Height = 4; Format = R32I; };
sampler2D S { Texture = T; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
