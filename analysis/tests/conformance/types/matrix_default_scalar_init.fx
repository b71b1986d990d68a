// a scalar does not initialise a matrix (matrix alone is float4x4), X3017 (type::rank)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    matrix a = 0;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
