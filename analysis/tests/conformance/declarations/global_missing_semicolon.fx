// a global without ; (parse_top)
#include "../case.fxh"
static const float A = 1
static const float B = 2;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
