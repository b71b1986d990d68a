// an error in an included file after its #line is reported on the renumbered line (lexer::parse_pp_directive)
#include "../case.fxh"
#include "line_header_error.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return LineHeaderError();
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
