// an unknown format name is an undeclared identifier (parse_variable)
#include "../case.fxh"
texture2D T { Width = 4; Height = 4; Format = RGBA64; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
