// an entry point and helper named like WGSL built-ins (parse_function)
#include "../case.fxh"
float select(float x) { return x; }
float4 textureSample(float4 pos : SV_Position) : SV_Target { return select(1); }
technique T2 { pass { VertexShader = CaseVS; PixelShader = textureSample; } }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
