// assigning a sampler (parse_expression_assignment)
#include "../case.fxh"
sampler2D S2 { Texture = CaseTex; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    S2 = CaseSamp;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
