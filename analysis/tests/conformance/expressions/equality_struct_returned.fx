// == on two values of one struct, returned: ReShade's front end accepts it (its result is a
// bool of no components, which a return converts), but HLSL compares no structs and its SPIR-V
// is an OpIEqual on them
#include "../case.fxh"
struct S { float x; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    S a, b;
    a.x = 1;
    b.x = uv.x;
    return a != b;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
