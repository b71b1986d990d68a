// a semantic then an initialiser (parse_variable)
#include "../case.fxh"
uniform float G : SOMETHING = 1;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
