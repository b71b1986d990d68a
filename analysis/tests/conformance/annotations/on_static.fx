// annotations on a static global (parse_variable)
#include "../case.fxh"
static float G < ui_min = 0.0; > = 0;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return G;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
