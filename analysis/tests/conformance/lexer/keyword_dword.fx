// dword is uint (lexer keyword table)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    dword a = 1u;
    dword3 b = a;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
