// a local sampler is X3038 (parser::parse_variable)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    sampler2D s;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
