// a string literal ends at the line end (preprocessor: unterminated string literal)
#include "../case.fxh"
uniform float U < string ui_label = "open; > = 1;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return U;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
