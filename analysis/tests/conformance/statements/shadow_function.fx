// a local named like a function (parse_variable)
#include "../case.fxh"
float F() { return 1; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float F = 2;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
