// nested blocks scope their locals (parse_statement_block)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float a = 0;
    { float b = 1; { float c = b; a = c; } }
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
