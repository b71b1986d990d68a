// a vector while condition is X3019 (parse_statement)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    while (uv < 0.5) { }
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
