// long format names R8G8B8A8, R16G16B16A16F (parse_variable)
#include "../case.fxh"
texture2D T1 { Width = 4; Height = 4; Format = R8G8B8A8; };
texture2D T2 { Width = 4; Height = 4; Format = R16G16B16A16F; };
texture2D T3 { Width = 4; Height = 4; Format = R10G10B10A2; };
sampler2D S1 { Texture = T1; };
sampler2D S2 { Texture = T2; };
sampler2D S3 { Texture = T3; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return tex2D(S1, uv) + tex2D(S2, uv) + tex2D(S3, uv);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
