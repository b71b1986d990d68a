// an out sampler parameter assigned another sampler than its argument (parse_expression: objects by reference)
#include "../case.fxh"
texture2D T2 { Width = 1; Height = 1; };
sampler S2 { Texture = T2; };
void F(out sampler s) { s = S2; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    F(CaseSamp);
    return tex2D(CaseSamp, uv);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
