// storage2D<uint> over RGBA8 is X4582 (parse_variable)
#include "../case.fxh"
storage2D<uint> St { Texture = CaseTex; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
