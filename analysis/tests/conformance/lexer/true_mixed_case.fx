// True is not a literal: undeclared identifier (lexer keyword table)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    bool a = True;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
