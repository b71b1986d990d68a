// PrimitiveTopology = POINTLIST (parse_technique_pass)
#include "../../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; VertexCount = 3; PrimitiveTopology = POINTLIST; } }
