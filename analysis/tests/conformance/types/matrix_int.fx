// matrix<int, 3, 3> is int3x3 (parser::accept_type_class)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    matrix<int, 3, 3> a = int3x3(1, 0, 0, 0, 1, 0, 0, 0, 1);
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
