// a uniform with an unknown source (parse_annotations)
#include "../case.fxh"
uniform float Value < source = "no_such_source"; >;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return Value;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
