// a const local folds into constants (parse_variable)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    const int N = 3;
    float a[N];
    a[2] = 1;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
