// a texture parameter as an expression statement (parse_statement)
#include "../case.fxh"
float F(texture2D t) { t; return 1; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    F(CaseTex); return F(CaseTex);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
