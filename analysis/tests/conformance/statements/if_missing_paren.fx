// if without ( (parse_statement)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    if uv.x > 0.5 discard;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
