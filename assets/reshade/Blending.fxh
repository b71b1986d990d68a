// fxbench's Blending.fxh: layer blend modes (multiply, screen, overlay, ...), written for fxbench.
//
// It offers the API of ReShade's standard Blending.fxh:
//
//   BLENDING_COMBO(_BlendMode, "Blending Mode", "Tooltip", "Category", false, 0, 0)
//       declares `uniform int _BlendMode` as a combo box listing every mode;
//   color.rgb = ComHeaders::Blending::Blend(_BlendMode, base, layer, opacity);
//       blends `layer` onto `base` with the chosen mode, then mixes base and result by opacity;
//   ComHeaders::Blending::Multiply(base, layer), ::Screen, ::Overlay, ... each mode on its own.
//
// The formulas give the same results as ReShade's header, quirks included: Color Burn divides
// `0.5 - base`, not `1 - base`; Soft Light, Linear Light, Pin Light, Color Burn and Color Dodge
// choose their formula once for all three channels (by all or any of them); and mode 25 blends
// Grain Merge and 26 Grain Extract, though the combo box lists Grain Extract first. An effect
// collection's own Blending.fxh is found first; this file is searched last.

#pragma once

#undef BLENDING_COMBO
#define BLENDING_COMBO(variable, name_label, description, group, grp_closed, space, default_value) \
	uniform int variable < \
		ui_type = "combo"; \
		ui_label = name_label; \
		ui_tooltip = description; \
		ui_category = group; \
		ui_category_closed = grp_closed; \
		ui_spacing = space; \
		ui_items = "Normal\0" \
			"Darken\0" "  Multiply\0" "  Color Burn\0" "  Linear Burn\0" \
			"Lighten\0" "  Screen\0" "  Color Dodge\0" "  Linear Dodge\0" "  Addition\0" "  Glow\0" \
			"Overlay\0" "  Soft Light\0" "  Hard Light\0" "  Vivid Light\0" "  Linear Light\0" "  Pin Light\0" "  Hard Mix\0" \
			"Difference\0" "  Exclusion\0" \
			"Subtract\0" "  Divide\0" "  Divide (Alternative)\0" "  Divide (Photoshop)\0" "  Reflect\0" "  Grain Extract\0" "  Grain Merge\0" \
			"Hue\0" "  Saturation\0" "  Color\0" "  Luminosity\0"; \
	> = default_value;

namespace ComHeaders
{
	namespace Blending
	{
		// Helpers of the component modes (Hue, Saturation, Color, Luminosity).

		// Soft Light's curve for a light layer: a cubic on dark bases, the square root otherwise.
		float3 Aux(float3 a)
		{
			if (all(a <= 0.25))
				return ((16.0 * a - 12.0) * a + 4.0) * a;
			return sqrt(a);
		}

		// Luminosity as the mean of the channels.
		float Lum(float3 a)
		{
			return dot(a, float3(0.33333, 0.33334, 0.33333));
		}

		// `a` moved to luminosity `b`.
		float3 SetLum(float3 a, float b)
		{
			return a + (b - Lum(a));
		}

		float min3(float a, float b, float c)
		{
			return min(a, min(b, c));
		}

		float max3(float a, float b, float c)
		{
			return max(a, max(b, c));
		}

		// `a` rescaled so its largest channel is `b` and its smallest 0 (black when all equal).
		float3 SetSat(float3 a, float b)
		{
			const float hi = max3(a.r, a.g, a.b);
			const float lo = min3(a.r, a.g, a.b);
			if (hi <= lo)
				return 0.0;
			return (a - lo) * b / (hi - lo);
		}

		// The spread between the largest and the smallest channel.
		float Sat(float3 a)
		{
			return max3(a.r, a.g, a.b) - min3(a.r, a.g, a.b);
		}

		// The modes: `a` is the base, `b` the layer.

		float3 Darken(float3 a, float3 b) { return min(a, b); }
		float3 Multiply(float3 a, float3 b) { return a * b; }
		float3 ColorBurn(float3 a, float3 b)
		{
			if (all(b > 0.0))
				return 1.0 - min(1.0, (0.5 - a) / b);
			return 0.0;
		}
		float3 LinearBurn(float3 a, float3 b) { return max(a + b - 1.0, 0.0); }

		float3 Lighten(float3 a, float3 b) { return max(a, b); }
		float3 Screen(float3 a, float3 b) { return 1.0 - (1.0 - a) * (1.0 - b); }
		float3 ColorDodge(float3 a, float3 b)
		{
			if (all(b < 1.0))
				return min(1.0, a / (1.0 - b));
			return 1.0;
		}
		float3 LinearDodge(float3 a, float3 b) { return min(a + b, 1.0); }
		float3 Addition(float3 a, float3 b) { return min(a + b, 1.0); }
		float3 Reflect(float3 a, float3 b)
		{
			if (any(b >= 0.999999))
				return b;
			return saturate(a * a / (1.0 - b));
		}
		float3 Glow(float3 a, float3 b) { return Reflect(b, a); }

		float3 Overlay(float3 a, float3 b)
		{
			return lerp(2.0 * a * b, 1.0 - 2.0 * (1.0 - a) * (1.0 - b), step(0.5, a));
		}
		float3 SoftLight(float3 a, float3 b)
		{
			if (all(b <= 0.5))
				return saturate(a - (1.0 - 2.0 * b) * a * (1.0 - a));
			return saturate(a + (2.0 * b - 1.0) * (Aux(a) - a));
		}
		float3 HardLight(float3 a, float3 b)
		{
			return lerp(2.0 * a * b, 1.0 - 2.0 * (1.0 - b) * (1.0 - a), step(0.5, b));
		}
		float3 VividLight(float3 a, float3 b)
		{
			return lerp(2.0 * a * b, b / (2.0 * (1.01 - a)), step(0.5, a));
		}
		float3 LinearLight(float3 a, float3 b)
		{
			if (any(b < 0.5))
				return LinearBurn(a, 2.0 * b);
			return LinearDodge(a, 2.0 * (b - 0.5));
		}
		float3 PinLight(float3 a, float3 b)
		{
			if (any(b < 0.5))
				return Darken(a, 2.0 * b);
			return Lighten(a, 2.0 * (b - 0.5));
		}
		float3 HardMix(float3 a, float3 b)
		{
			return any(VividLight(a, b) < 0.5) ? 0.0 : 1.0;
		}

		float3 Difference(float3 a, float3 b) { return abs(a - b); }
		float3 Exclusion(float3 a, float3 b) { return a + b - 2.0 * a * b; }

		float3 Subtract(float3 a, float3 b) { return max(a - b, 0.0); }
		float3 Divide(float3 a, float3 b) { return saturate(a / (b + 0.01)); }
		float3 DivideAlt(float3 a, float3 b) { return saturate(1.0 / (a / b)); }
		float3 DividePS(float3 a, float3 b) { return saturate(a / b); }
		float3 GrainMerge(float3 a, float3 b) { return saturate(a + b - 0.5); }
		float3 GrainExtract(float3 a, float3 b) { return saturate(a - b + 0.5); }

		float3 Hue(float3 a, float3 b) { return SetLum(SetSat(b, Sat(a)), Lum(a)); }
		float3 Saturation(float3 a, float3 b) { return SetLum(SetSat(a, Sat(b)), Lum(a)); }
		float3 ColorB(float3 a, float3 b) { return SetLum(b, Lum(a)); }
		float3 Luminosity(float3 a, float3 b) { return SetLum(a, Lum(b)); }

		// `output` blended onto `input` by mode number (BLENDING_COMBO's order; anything else is
		// Normal), then mixed with `input` by `blending`.
		float3 Blend(int mode, float3 input, float3 output, float blending)
		{
			float3 blended = output;
			switch (mode)
			{
			case 1: blended = Darken(input, output); break;
			case 2: blended = Multiply(input, output); break;
			case 3: blended = ColorBurn(input, output); break;
			case 4: blended = LinearBurn(input, output); break;
			case 5: blended = Lighten(input, output); break;
			case 6: blended = Screen(input, output); break;
			case 7: blended = ColorDodge(input, output); break;
			case 8: blended = LinearDodge(input, output); break;
			case 9: blended = Addition(input, output); break;
			case 10: blended = Glow(input, output); break;
			case 11: blended = Overlay(input, output); break;
			case 12: blended = SoftLight(input, output); break;
			case 13: blended = HardLight(input, output); break;
			case 14: blended = VividLight(input, output); break;
			case 15: blended = LinearLight(input, output); break;
			case 16: blended = PinLight(input, output); break;
			case 17: blended = HardMix(input, output); break;
			case 18: blended = Difference(input, output); break;
			case 19: blended = Exclusion(input, output); break;
			case 20: blended = Subtract(input, output); break;
			case 21: blended = Divide(input, output); break;
			case 22: blended = DivideAlt(input, output); break;
			case 23: blended = DividePS(input, output); break;
			case 24: blended = Reflect(input, output); break;
			case 25: blended = GrainMerge(input, output); break;
			case 26: blended = GrainExtract(input, output); break;
			case 27: blended = Hue(input, output); break;
			case 28: blended = Saturation(input, output); break;
			case 29: blended = ColorB(input, output); break;
			case 30: blended = Luminosity(input, output); break;
			default: break;
			}
			return lerp(input, blended, blending);
		}
	}
}
