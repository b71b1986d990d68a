// a sampler state given as a number (parse_variable)
#include "../case.fxh"
sampler2D S { Texture = CaseTex; AddressU = 3; MinFilter = 1; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return tex2D(S, uv);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
