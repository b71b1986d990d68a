// == on two samplers: ReShade's front end accepts it (parse_expression_multary refuses only
// arrays and different structs there), but no back end compares objects
#include "../case.fxh"
texture2D TexA { Width = 4; Height = 4; };
sampler2D SampA { Texture = TexA; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return SampA == SampA;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
