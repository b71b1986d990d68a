// a float if condition converts to bool (parse_statement)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    if (uv.x) discard;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
