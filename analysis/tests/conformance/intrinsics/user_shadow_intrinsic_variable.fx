// a global named like an intrinsic (insert_symbol)
#include "../case.fxh"
static const float abs = 1;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return abs;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
