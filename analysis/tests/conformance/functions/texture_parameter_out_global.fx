// a texture global as the argument of an out texture parameter (parse_function)
#include "../case.fxh"
float F(out texture2D t) { t = CaseTex; return 1; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return F(CaseTex);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
