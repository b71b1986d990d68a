// a function defined twice with one signature is accepted (parse_function, insert_symbol)
#include "../case.fxh"
float F(float x) { return x; }
float F(float x) { return x * 2; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
