// groupshared on a local is X3010 (parser::parse_variable)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    groupshared float a;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
