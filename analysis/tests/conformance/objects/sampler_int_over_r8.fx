// sampler2D<int> over R8 is X4582: only R32I takes int (parse_variable)
#include "../case.fxh"
texture2D T { Width = 4; Height = 4; Format = R8; };
sampler2D<int> S { Texture = T; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
