// annotations on a sampler (parse_variable)
#include "../case.fxh"
sampler2D S < hidden = true; > { Texture = CaseTex; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return tex2D(S, uv);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
