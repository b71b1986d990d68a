// an array of matrices minus a vector: the first element, truncated to the vector (X3206)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float2x2 m[2] = { float2x2(1, 2, 3, 4), float2x2(5, 6, 7, 8) };
    float2 d = m - float2(1, 1);
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
