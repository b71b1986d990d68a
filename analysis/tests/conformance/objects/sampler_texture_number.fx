// a sampler's Texture given a number is X3020 (parse_variable)
#include "../case.fxh"
sampler2D S { Texture = 1; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
