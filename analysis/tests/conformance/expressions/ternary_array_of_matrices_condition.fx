// an array of matrices as the condition of ?: is X3022 (no scalar or vector)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float2x2 m[2] = { float2x2(1, 0, 1, 0), float2x2(0, 1, 0, 1) };
    float c = m ? 1 : 2;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
