// a sampler without a block is X3012 (parse_variable)
#include "../case.fxh"
sampler2D S;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
