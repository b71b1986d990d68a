// a statement that is only an expression (parse_statement)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    1 + 2;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
