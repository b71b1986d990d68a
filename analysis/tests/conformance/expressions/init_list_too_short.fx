// an initialiser list shorter than the array is X3017 (parse_variable)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float a[3] = { 1, 2 };
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
