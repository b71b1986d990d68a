// TEXCOORD and TEXCOORD0 are one semantic (parse_function)
#include "../case.fxh"
float4 PS2(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target { return uv.xyxy; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS2; } }
