// a uniform int2x2 (parse_variable)
#include "../case.fxh"
uniform int2x2 M = int2x2(1, 2, 3, 4);
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return M[1].x;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
