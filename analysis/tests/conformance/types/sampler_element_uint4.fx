// sampler2D<uint4> over an R32U texture; tex2Dfetch takes only sampler2D<uint>, X3004 (resolve_function_call)
#include "../case.fxh"
texture2D UintTex { Width = 4; Height = 4; Format = R32U; };
sampler2D<uint4> UintSamp { Texture = UintTex; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return tex2Dfetch(UintSamp, int2(0, 0)).x;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
