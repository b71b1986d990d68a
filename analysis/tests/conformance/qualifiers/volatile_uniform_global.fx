// volatile on a uniform global is accepted (parser::parse_variable)
#include "../case.fxh"
volatile uniform float G = 2;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return G;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
