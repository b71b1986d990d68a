// a local named like a parameter in the function's block is X3003 (parse_variable)
#include "../case.fxh"
float F(float x) { float x = 1; return x; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
