// a global without static is uniform, warning X5000 (parser::parse_variable)
#include "../case.fxh"
float G = 2;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return G;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
