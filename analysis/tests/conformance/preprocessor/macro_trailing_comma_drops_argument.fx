// F(a,) passes one argument: the empty one before ')' is not counted (parse_macro_invocation)
#include "../case.fxh"
#define ONE(a) (a + 1.0)
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float x = ONE(2.0,);
    return x;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
