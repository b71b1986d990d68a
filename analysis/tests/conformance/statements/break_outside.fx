// break outside a loop is X3518 (parse_statement)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    break;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
