// a texture parameter (parse_function)
#include "../case.fxh"
float2 F(texture2D t) { return 0; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return float4(F(CaseTex), 0, 1);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
