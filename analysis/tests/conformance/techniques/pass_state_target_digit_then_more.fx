// a per-target state is read up to the one digit after its name: `BlendEnable1x` sets target 1's,
// `SrcBlend1Alpha` target 1's SrcBlend (parse_technique_pass's SET_STATE_VALUE_INDEXED)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; BlendEnable1x = true; SrcBlend1Alpha = ONE; } }
