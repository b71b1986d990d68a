// uniform arrays of float, int and bool matrices (parse_variable)
#include "../case.fxh"
uniform float2x3 F[2] = { float2x3(1, 2, 3, 4, 5, 6), float2x3(7, 8, 9, 10, 11, 12) };
uniform int2x2 I[2];
uniform bool3x2 B[3];
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    int k = int(pos.x) % 2;
    return float4(F[k][1], I[k][1].y + (B[k + 1][2].x ? 1 : 0));
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
