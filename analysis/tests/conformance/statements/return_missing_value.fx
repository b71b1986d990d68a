// return without a value in a non-void function is X3080 (parse_statement)
#include "../case.fxh"
float F() { return; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
