// an inner-namespace overload is preferred when it ranks as well (resolve_function_call)
#include "../case.fxh"
float F(float x) { return 1; }
namespace N { float F(float x) { return 2; } float G() { return F(1.0); } }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return N::G();
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
