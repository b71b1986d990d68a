// a texture3D with Depth (parse_variable)
#include "../case.fxh"
texture3D T { Width = 4; Height = 4; Depth = 4; };
sampler3D S { Texture = T; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return tex3D(S, float3(uv, 0.5));
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
