// returning a float4 from a float3 function warns X3206 (parse_statement)
#include "../case.fxh"
float3 F() { return float4(1, 2, 3, 4); }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return float4(F(), 1);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
