// a name ending an expression's line in valid code: ReShade reports the lines after it in the run late
#include "../case.fxh"
uniform float Intensity = 1.0;
uniform float Offset = 0.0;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float c = pos.x * Intensity
        + Offset;
    float y = Missing;
    return c + y;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
