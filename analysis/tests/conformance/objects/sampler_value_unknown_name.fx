// an unknown sampler value name is X3004 (parse_variable)
#include "../case.fxh"
sampler2D S { Texture = CaseTex; AddressU = SPIRAL; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
