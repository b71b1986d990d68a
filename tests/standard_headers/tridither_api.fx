// Every name of TriDither.fxh in use: TriDither, its timer, the remap macro and the hashes.
#include "ReShade.fxh"
#include "TriDither.fxh"

float4 TriDitherPS(float4 position : SV_Position, float2 texcoord : TEXCOORD) : SV_Target
{
	float3 color = tex2D(ReShade::BackBuffer, texcoord).rgb;
	color += TriDither(color, texcoord, BUFFER_COLOR_BIT_DEPTH);
	const float hashes = rand21(texcoord) + rand11(permute(DitherTimer));
	return float4(color, saturate(remap(hashes, 0.0, 2.0)));
}

technique TriDitherApi
{
	pass
	{
		VertexShader = PostProcessVS;
		PixelShader = TriDitherPS;
	}
}
