// a pass state from a constant expression (parse_technique_pass)
#include "../case.fxh"
static const int N = 1;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; VertexCount = N * 3; } }
