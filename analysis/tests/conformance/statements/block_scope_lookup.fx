// a local is not visible after its block, X3004 (parse_statement_block)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    { float b = 1; }
    float a = b;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
