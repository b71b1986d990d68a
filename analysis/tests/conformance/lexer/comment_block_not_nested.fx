// block comments do not nest: the first */ ends it (lexer::lex)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float a = 1; /* outer /* inner */ still outside */
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
