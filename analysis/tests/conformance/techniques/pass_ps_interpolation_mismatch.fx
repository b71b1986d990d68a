// an input interpolated otherwise than the vertex shader wrote it is X4568 (parse_technique_pass)
#include "../case.fxh"
float4 PS2(float4 pos : SV_Position, nointerpolation float2 uv : TEXCOORD0) : SV_Target { return uv.xyxy; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS2; } }
