// a condition read whole is checked before its missing ')'
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    if (Missing
        {
        return 1;
    }
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
