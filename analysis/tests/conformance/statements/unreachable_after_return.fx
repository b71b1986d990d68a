// a statement after return is an error (parse_statement)
#include "../case.fxh"
float F() { return 1; float a = 2; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
