// a const texture is X3035 (parser::parse_variable)
#include "../case.fxh"
const texture2D T { Width = 4; Height = 4; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
