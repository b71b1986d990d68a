// a name found from inside its namespace (find_symbol)
#include "../case.fxh"
namespace N { static const float K = 1; float F() { return K; } }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return N::F();
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
