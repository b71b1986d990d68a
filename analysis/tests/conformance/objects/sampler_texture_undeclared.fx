// a sampler's Texture naming nothing (parse_variable)
#include "../case.fxh"
sampler2D S { Texture = NoSuchTexture; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
