// sampler2D<int> over an R32I texture (parser::accept_type_class)
#include "../case.fxh"
texture2D IntTex { Width = 4; Height = 4; Format = R32I; };
sampler2D<int> IntSamp { Texture = IntTex; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return tex2Dfetch(IntSamp, int2(0, 0)).x;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
