// `?:` is read in a pass state's value (parse_expression_multary) but folds to no constant: X3011 on the value
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; ColorWriteMask = 1 < 2 ? 15 : 7; } }
