// an argument read whole is checked before the call's syntax error
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return max(Missing,
        ;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
