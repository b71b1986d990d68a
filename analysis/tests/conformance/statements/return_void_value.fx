// return with a value in a void function is X3079 (parse_statement)
#include "../case.fxh"
void F() { return 1; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
