// a global named like a function is X3003 (insert_symbol)
#include "../case.fxh"
float F() { return 1; }
static const float F = 1;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
