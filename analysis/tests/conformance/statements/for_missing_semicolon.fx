// for without its second ; (parse_statement)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    for (int i = 0; i < 4) { }
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
