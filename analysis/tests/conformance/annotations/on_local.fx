// annotations on a local variable are a syntax error (parse_variable)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float a < ui_min = 0; > = 1;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
