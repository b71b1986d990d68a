// ! on an array of scalars is X3022 (is_scalar() refuses arrays)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float a[2] = { 1, 0 };
    bool n = !a;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
