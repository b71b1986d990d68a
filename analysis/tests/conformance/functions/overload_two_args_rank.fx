// two arguments: the best ranks compared first (compare_functions)
#include "../case.fxh"
float F(float x, int y) { return 1; }
float F(int x, float y) { return 2; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return F(1, 1.0);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
