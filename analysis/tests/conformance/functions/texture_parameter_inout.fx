// an inout texture parameter, its argument a texture parameter (parse_function)
#include "../case.fxh"
float F(inout texture2D t) { return 1; }
float G(texture2D t) { return F(t); }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return G(CaseTex);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
