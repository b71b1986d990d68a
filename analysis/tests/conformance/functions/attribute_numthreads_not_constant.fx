// [numthreads] with a non-constant value is X3011 (parse_top)
#include "../case.fxh"
uniform int N = 8;
[numthreads(N, 8, 1)]
void CS(uint3 id : SV_DispatchThreadID) { }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
