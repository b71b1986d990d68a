// texture Format = 0 (parse_variable)
#include "../../case.fxh"
texture2D F { Width = 4; Height = 4; Format = 0; };
sampler2D S { Texture = F; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return tex2D(S, uv);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
