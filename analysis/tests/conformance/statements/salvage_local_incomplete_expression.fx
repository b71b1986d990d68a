// an operand read whole is checked before the operator's missing operand
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float x = Missing +
        ;
    return x;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
