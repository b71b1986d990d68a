// & on an array of int vectors: is_integral() looks at the base type only
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    int3 i[2] = { int3(1, 2, 3), int3(4, 5, 6) };
    int3 d = i & 1;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
