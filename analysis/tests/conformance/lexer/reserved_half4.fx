// half4 is a reserved word (lexer keyword table)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    half4 a = 1;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
