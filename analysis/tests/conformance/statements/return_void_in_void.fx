// return; in a void function (parse_statement)
#include "../case.fxh"
void F() { return; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    F();
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
