// an expression read whole before a missing ';' is checked: its undeclared name is reported, before the syntax error on the next line (after seed 16)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float x = 0.0;
    x = x + undeclared_name
    x = 2.0;
    return x;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
