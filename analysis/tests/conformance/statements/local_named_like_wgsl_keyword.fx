// locals named like WGSL keywords (parse_variable)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float let = 1, var = 2, fn = 3, loop = 4, ptr = 5, array = 6;
    return let + var + fn + loop + ptr + array;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
