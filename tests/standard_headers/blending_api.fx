// Every name of Blending.fxh in use: the combo macro, Blend, each mode and each helper.
#include "ReShade.fxh"
#include "Blending.fxh"

BLENDING_COMBO(_BlendMode, "Blending Mode", "Select the blending mode applied to the layer.", "Blending Options", false, 0, 0)

uniform float Opacity < ui_type = "slider"; ui_min = 0.0; ui_max = 1.0; > = 1.0;

float3 EveryMode(float3 a, float3 b)
{
	float3 sum = ComHeaders::Blending::Darken(a, b) + ComHeaders::Blending::Multiply(a, b)
		+ ComHeaders::Blending::ColorBurn(a, b) + ComHeaders::Blending::LinearBurn(a, b)
		+ ComHeaders::Blending::Lighten(a, b) + ComHeaders::Blending::Screen(a, b)
		+ ComHeaders::Blending::ColorDodge(a, b) + ComHeaders::Blending::LinearDodge(a, b)
		+ ComHeaders::Blending::Addition(a, b) + ComHeaders::Blending::Glow(a, b)
		+ ComHeaders::Blending::Overlay(a, b) + ComHeaders::Blending::SoftLight(a, b)
		+ ComHeaders::Blending::HardLight(a, b) + ComHeaders::Blending::VividLight(a, b)
		+ ComHeaders::Blending::LinearLight(a, b) + ComHeaders::Blending::PinLight(a, b)
		+ ComHeaders::Blending::HardMix(a, b) + ComHeaders::Blending::Difference(a, b)
		+ ComHeaders::Blending::Exclusion(a, b) + ComHeaders::Blending::Subtract(a, b)
		+ ComHeaders::Blending::Divide(a, b) + ComHeaders::Blending::DivideAlt(a, b)
		+ ComHeaders::Blending::DividePS(a, b) + ComHeaders::Blending::Reflect(a, b)
		+ ComHeaders::Blending::GrainMerge(a, b) + ComHeaders::Blending::GrainExtract(a, b)
		+ ComHeaders::Blending::Hue(a, b) + ComHeaders::Blending::Saturation(a, b)
		+ ComHeaders::Blending::ColorB(a, b) + ComHeaders::Blending::Luminosity(a, b);
	const float helpers = ComHeaders::Blending::Lum(ComHeaders::Blending::Aux(a))
		+ ComHeaders::Blending::Sat(ComHeaders::Blending::SetLum(a, 0.5))
		+ ComHeaders::Blending::min3(a.r, a.g, a.b) + ComHeaders::Blending::max3(a.r, a.g, a.b);
	return sum / 30.0 + ComHeaders::Blending::SetSat(b, 0.5) * helpers;
}

float4 BlendingPS(float4 position : SV_Position, float2 texcoord : TEXCOORD) : SV_Target
{
	const float3 base = tex2D(ReShade::BackBuffer, texcoord).rgb;
	const float3 layer = base.bgr;
	const float3 blended = ComHeaders::Blending::Blend(_BlendMode, base, layer, Opacity);
	return float4(lerp(blended, EveryMode(base, layer), 0.5), 1.0);
}

technique BlendingApi
{
	pass
	{
		VertexShader = PostProcessVS;
		PixelShader = BlendingPS;
	}
}
