// returning a float2 from a float3 function is X3017 (parse_statement)
#include "../case.fxh"
float3 F() { return float2(1, 2); }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
