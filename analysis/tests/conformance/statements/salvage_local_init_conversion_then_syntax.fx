// a declarator read whole is checked (X3017) before the next one's syntax error
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float2x2 m = pos.xyz,
        n
    return pos;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
