// a pass state's value followed by '<': a syntax error at the '<'
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; BlendEnable = true <
    1, 2>; } }
