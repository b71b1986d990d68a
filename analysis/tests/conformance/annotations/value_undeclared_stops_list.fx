// an unknown name in an annotation's value is X3004, after which ReShade skips the rest of the list (parse_annotations: consume_until '>'): no X3011 for the later non-constant value
#include "../case.fxh"
uniform float A = 1.0;
uniform float U < ui_min = Nope; ui_max = A; > = 1.0;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return U;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
