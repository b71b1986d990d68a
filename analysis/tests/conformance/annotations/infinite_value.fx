// an annotation value and a uniform's initial value folded to an infinity or a NaN are kept
#include "../case.fxh"
uniform float X < ui_min = 1e99999 - 1.0f; ui_max = 1e99999; > = 1e99999 - 1.0f;
uniform float2 Z < ui_min = float2(0.0 / 0.0, -1e99999 * 2.0); > = float2(1e99999 - 1.0f, 0.0 / 0.0);
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return min(X, 1.0) + Z.x * 0.0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
