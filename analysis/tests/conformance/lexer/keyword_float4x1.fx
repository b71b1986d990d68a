// float4x1 is float4 (lexer keyword table)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float4x1 a = float4(1, 2, 3, 4);
    float4 b = a;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
