// a qualified result is reported at the function's name before a syntax error in its parameters
#include "../case.fxh"
uniform int Mode
(uv - 0.5) < ui_type = "combo"; > = 0;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
