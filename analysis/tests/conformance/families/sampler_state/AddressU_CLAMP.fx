// sampler AddressU = CLAMP (parse_variable)
#include "../../case.fxh"
sampler2D S { Texture = CaseTex; AddressU = CLAMP; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return tex2D(S, uv);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
