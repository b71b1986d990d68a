// a block may declare a name of its outer block (parse_statement_block)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float a = 0;
    { float a = 1; }
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
