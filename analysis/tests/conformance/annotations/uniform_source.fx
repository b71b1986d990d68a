// a uniform with a source annotation (parse_annotations)
#include "../case.fxh"
uniform float Timer < source = "timer"; >;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return frac(Timer);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
