// an undeclared callee whose argument list is cut off: the syntax error, the callee unread
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float x = Missing(1.0,
        ;
    return x;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
