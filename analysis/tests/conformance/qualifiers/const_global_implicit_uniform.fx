// a const global without static is uniform const, X3035 (parser::parse_variable)
#include "../case.fxh"
const float G = 2;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
