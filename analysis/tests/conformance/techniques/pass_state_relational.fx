// a pass state's value is any expression but an assignment (parse_expression_multary): `>` and `==` are operators there
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; ClearRenderTargets = 2 > 1; BlendEnable = 1 == 1; ColorWriteMask = 7 > 2; } }
