// return in both if branches, then nothing (parse_statement)
#include "../case.fxh"
float F(float x) { if (x > 0) return 1; else return 2; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return F(uv.x);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
