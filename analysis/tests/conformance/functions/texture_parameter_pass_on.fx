// a texture parameter passed on to another function (parse_function)
#include "../case.fxh"
float2 F(texture2D t) { return 0; }
float2 G(texture2D t, float x) { return F(t) + x; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return float4(G(CaseTex, 1), 0, 1);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
