// a line end between the last `,` and `)` is the last argument's text, so the call has all
// its arguments (preprocessor::evaluate_identifier_as_macro skips only blanks before `)`)
#include "../case.fxh"
#define PICK(a, b) a b
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float x = PICK(1.0,

    );
    return x;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
