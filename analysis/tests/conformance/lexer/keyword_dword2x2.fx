// dword2x2 is uint2x2 (lexer keyword table)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    dword2x2 a = uint2x2(1, 2, 3, 4);
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
