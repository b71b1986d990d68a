// a texture parameter has no components, X3018 (parse_expression)
#include "../case.fxh"
float F(texture2D t) { return t.x; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return F(CaseTex);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
