// a sampler with every state (parse_variable)
#include "../case.fxh"
sampler2D S { Texture = CaseTex; AddressU = WRAP; AddressV = MIRROR; AddressW = BORDER; MinFilter = POINT; MagFilter = LINEAR; MipFilter = ANISOTROPIC; MinLOD = 0; MaxLOD = 4; MipLODBias = 1; SRGBTexture = true; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return tex2D(S, uv);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
