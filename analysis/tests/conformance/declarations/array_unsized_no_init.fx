// an unsized array without an initialiser is X3074 (parse_variable)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float a[];
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
