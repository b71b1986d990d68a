// a global list of non-constant values is X3011 (parse_variable)
#include "../case.fxh"
uniform float U = 1;
static float G[2] = { U, 1 };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
