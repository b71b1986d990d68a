// a pass naming a namespaced pixel shader (parse_technique_pass)
#include "../case.fxh"
namespace N { float4 PS(float4 pos : SV_Position) : SV_Target { return 1; } }
technique T2 { pass { VertexShader = CaseVS; PixelShader = N::PS; } }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
