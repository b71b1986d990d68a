// a pixel shader reading VPOS (parse_function)
#include "../case.fxh"
float4 PS2(float4 pos : VPOS) : SV_Target { return pos; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS2; } }
