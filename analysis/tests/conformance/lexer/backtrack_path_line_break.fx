// a namespaced name and a line break: counted twice from the line break after its first part
#include "../case.fxh"
namespace N { static const float V = 1.0; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float x = (N::V
        + 1.0);
    x += Missing;
    return x;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
