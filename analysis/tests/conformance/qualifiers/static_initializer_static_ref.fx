// a non-const static is not a constant, X3011 (parser::parse_variable)
#include "../case.fxh"
static float K = 2;
static float G = K * 3;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
