// an assignment's value is read before the statement fails: its operand is checked
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float x;
    x = Missing *
        ;
    return x;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
