// format R16f and R32f (parse_variable)
#include "../case.fxh"
texture2D T1 { Width = 4; Height = 4; Format = R16f; };
texture2D T2 { Width = 4; Height = 4; Format = R32f; };
sampler2D S1 { Texture = T1; };
sampler2D S2 { Texture = T2; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return tex2D(S1, uv) + tex2D(S2, uv);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
