// a global named like a struct is X3003 (insert_symbol)
#include "../case.fxh"
struct S { float x; };
static const float S = 1;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
