// a struct if condition is X3019 (parse_statement)
#include "../case.fxh"
struct S { float x; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    S s;
    s.x = 1;
    if (s) discard;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
