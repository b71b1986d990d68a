// a returned operand read whole is checked before the syntax error
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return Missing +
        ;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
