// a stray '{' in a function leaves its namespace open at the end of the text: ReShade has checked what it read before (an undeclared name), which is its first error
#include "../case.fxh"
namespace N
{
    float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
    {
        float2 c = uv / nope
        {float2(1, 2);
        return 0;
    }
    technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
}
