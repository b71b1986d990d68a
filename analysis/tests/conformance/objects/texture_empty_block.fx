// a texture with an empty property block (parse_variable)
#include "../case.fxh"
texture2D T { };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
