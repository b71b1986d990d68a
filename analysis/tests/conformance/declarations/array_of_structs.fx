// an array of structs (parse_array_length)
#include "../case.fxh"
struct S { float x; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    S a[2];
    a[1].x = 1;
    return a[1].x;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
