// a storage without Texture is X3012 (parse_variable)
#include "../case.fxh"
storage2D St { MipLevel = 0; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
