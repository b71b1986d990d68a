// a [shader("vertex")] function as a pixel shader is X3020 (parse_technique_pass)
#include "../case.fxh"
[shader("vertex")]
float4 PS2(float4 pos : SV_Position) : SV_Target { return 1; }
technique T2 { pass { VertexShader = CaseVS; PixelShader = PS2; } }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
