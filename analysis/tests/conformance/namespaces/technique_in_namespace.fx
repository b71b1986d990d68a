// a technique inside a namespace (parse_top)
#include "../case.fxh"
namespace N { technique T2 { pass { VertexShader = CaseVS; PixelShader = PS; } } }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
