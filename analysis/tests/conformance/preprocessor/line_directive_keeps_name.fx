// a #line without a name keeps the name an earlier #line gave (lexer::parse_pp_directive sets only the line)
#include "../case.fxh"
#line 50 "renamed.fx"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
#line 200
    float a = ;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
