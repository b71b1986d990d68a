// a texture and sampler in a namespace (parse_variable)
#include "../case.fxh"
namespace N { texture2D T { Width = 4; Height = 4; }; sampler2D S { Texture = T; }; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return tex2D(N::S, uv);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
