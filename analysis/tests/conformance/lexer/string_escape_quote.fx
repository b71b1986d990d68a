// an escaped quote stays inside the string (lexer::parse_string_literal)
#include "../case.fxh"
uniform float U < string ui_label = "say \"hi\""; > = 1;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return U;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
