// the call keeps its two arguments across the line end, so the missing `;` after it is the
// first error, on the line of the `}`
#include "../case.fxh"
#define PICK(a, b) a b
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float x = PICK(1.0,
    );
    return x
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
