// #line N "name" renumbers the following lines and renames the file in diagnostics (lexer::parse_pp_directive)
#include "../case.fxh"
#line 50 "renamed.fx"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float a = ;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
