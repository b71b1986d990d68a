// an empty statement after return (parse_statement)
#include "../case.fxh"
float F() { return 1; ; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return F();
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
