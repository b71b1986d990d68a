// a local may be named like a global (parse_variable)
#include "../case.fxh"
static const float G = 1;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float G = 2;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
