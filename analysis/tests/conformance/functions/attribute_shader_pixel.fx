// [shader("pixel")] on a pixel shader (parse_top)
#include "../case.fxh"
[shader("pixel")]
float4 PS2(float4 pos : SV_Position) : SV_Target { return 1; }
technique T2 { pass { VertexShader = CaseVS; PixelShader = PS2; } }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
