// an out texture parameter assigned a texture, its argument a texture parameter (parse_function)
#include "../case.fxh"
float F(out texture2D t) { t = CaseTex; return 1; }
float G(texture2D t) { return F(t); }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return G(CaseTex);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
