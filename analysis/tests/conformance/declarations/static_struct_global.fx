// a static struct global (parse_variable)
#include "../case.fxh"
struct S { float x; };
static S G;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    G.x = 1;
    return G.x;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
