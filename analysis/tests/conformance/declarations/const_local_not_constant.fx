// a const local from a non-constant is not a named constant (parse_variable)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    const int N = (int)uv.x;
    float a[N];
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
