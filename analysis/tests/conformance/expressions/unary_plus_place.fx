// a unary + is skipped (parse_expression_unary does nothing for it), so +x is as writable as x: +++a[0], +a[0] = 2, (+v).x += 1, +v++
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float a[2];
    a[0] = uv.x;
    a[1] = +++a[0];
    +a[0] = 2.0;
    float2 v = uv;
    (+v).x += 1.0;
    +v++;
    return float4(a[0], a[1], v);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
