// every format name ReShade knows (parse_variable)
#include "../case.fxh"
texture2D F1 { Format = R8; };
texture2D F2 { Format = R16; };
texture2D F3 { Format = R16F; };
texture2D F4 { Format = R32F; };
texture2D F5 { Format = RG8; };
texture2D F6 { Format = RG16; };
texture2D F7 { Format = RG16F; };
texture2D F8 { Format = RG32F; };
texture2D F9 { Format = RGBA16; };
texture2D F10 { Format = RGBA32F; };
texture2D F11 { Format = RGB10A2; };
texture2D F12 { Format = R16G16; };
texture2D F13 { Format = R32G32F; };
texture2D F14 { Format = R8G8; };
sampler2D S1 { Texture = F1; };
sampler2D S2 { Texture = F2; };
sampler2D S3 { Texture = F3; };
sampler2D S4 { Texture = F4; };
sampler2D S5 { Texture = F5; };
sampler2D S6 { Texture = F6; };
sampler2D S7 { Texture = F7; };
sampler2D S8 { Texture = F8; };
sampler2D S9 { Texture = F9; };
sampler2D S10 { Texture = F10; };
sampler2D S11 { Texture = F11; };
sampler2D S12 { Texture = F12; };
sampler2D S13 { Texture = F13; };
sampler2D S14 { Texture = F14; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return tex2D(S1, uv) + tex2D(S2, uv) + tex2D(S3, uv) + tex2D(S4, uv) + tex2D(S5, uv) + tex2D(S6, uv) + tex2D(S7, uv) + tex2D(S8, uv) + tex2D(S9, uv) + tex2D(S10, uv) + tex2D(S11, uv) + tex2D(S12, uv) + tex2D(S13, uv) + tex2D(S14, uv);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
