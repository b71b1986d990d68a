// no overload takes a struct, X3013 (resolve_function_call)
#include "../case.fxh"
struct S { float x; };
float F(float x) { return 1; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    S s;
    s.x = 1;
    return F(s);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
