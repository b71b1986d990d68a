// __FILE__ expands to a string (preprocessor::evaluate_identifier_as_macro)
#include "../case.fxh"
uniform float U < string ui_label = __FILE__; > = 1;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return U;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
