// ::G names the global when a local hides it (parser::accept_symbol)
#include "../case.fxh"
static const float G = 1;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float G = 2;
    float a = ::G;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
