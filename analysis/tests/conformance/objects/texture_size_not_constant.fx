// a uniform texture size is X3538 (parse_variable)
#include "../case.fxh"
uniform int U = 4;
texture2D T { Width = U; Height = 4; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
