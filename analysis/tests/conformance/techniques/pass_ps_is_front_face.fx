// a pixel shader reading SV_IsFrontFace (parse_function)
#include "../case.fxh"
float4 PS2(float4 pos : SV_Position, bool front : SV_IsFrontFace) : SV_Target { return front ? 1 : 0; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS2; } }
