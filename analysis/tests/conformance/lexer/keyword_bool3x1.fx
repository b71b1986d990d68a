// bool3x1 is bool3 (lexer keyword table)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    bool3x1 a = bool3(true, false, true);
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
