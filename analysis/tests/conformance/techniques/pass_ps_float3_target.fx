// a pixel shader returning float3 (parse_function)
#include "../case.fxh"
float3 PS2(float4 pos : SV_Position) : SV_Target { return 1; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS2; } }
