// a parameter's unknown type is reported where it stands, before the syntax error after it (parse_function)
#include "../case.fxh"
float Weight(Unknown
    , float b) { return b; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return Weight(1.0, 2.0);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
