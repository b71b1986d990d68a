// a sampler3D over a texture2D is X3521 (parse_variable)
#include "../case.fxh"
sampler3D S { Texture = CaseTex; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
