// Every name of DrawText.fxh in use: the string macro, DrawText_Digit, DrawText_Shift, the
// character numbers and the atlas's sampler.
#include "ReShade.fxh"
#include "DrawText.fxh"

uniform float TextSize < ui_type = "slider"; ui_min = 8.0; ui_max = 64.0; > = 24.0;

float4 DrawTextPS(float4 position : SV_Position, float2 texcoord : TEXCOORD) : SV_Target
{
	float coverage = 0.0;
	int letters[26] = { __A, __B, __C, __D, __E, __F, __G, __H, __I, __J, __K, __L, __M,
		__N, __O, __P, __Q, __R, __S, __T, __U, __V, __W, __X, __Y, __Z };
	int lower[26] = { __a, __b, __c, __d, __e, __f, __g, __h, __i, __j, __k, __l, __m,
		__n, __o, __p, __q, __r, __s, __t, __u, __v, __w, __x, __y, __z };
	int digits[10] = { __0, __1, __2, __3, __4, __5, __6, __7, __8, __9 };
	int signs[36] = { __Space, __Exclam, __Quote, __Pound, __Dollar, __Percent, __And, __sQuote,
		__rBrac_O, __rBrac_C, __Asterisk, __Plus, __Comma, __Minus, __Dot, __Slash, __Colon,
		__sColon, __Less, __Equals, __Greater, __Question, __at, __sBrac_O, __Backslash,
		__sBrac_C, __Caret, __Underscore, __Punc, __cBrac_O, __vBar, __cBrac_C, __Tilde,
		__tridot, __empty0, __empty1 };
	const float2 origin = float2(10.0, 10.0);
	DrawText_String(origin, TextSize, 1, texcoord, letters, 26, coverage);
	DrawText_String(DrawText_Shift(origin, int2(0, 1), TextSize, 1), TextSize, 1, texcoord, lower, 26, coverage);
	DrawText_String(DrawText_Shift(origin, int2(0, 2), TextSize, 1), TextSize, 1, texcoord, digits, 10, coverage);
	DrawText_String(DrawText_Shift(origin, int2(0, 3), TextSize, 1), TextSize, 1, texcoord, signs, 36, coverage);
	DrawText_Digit(DrawText_Shift(origin, int2(8, 4), TextSize, 1), TextSize, 1, texcoord, 2, -TextSize / 7.0, coverage);
	const float grid = _DRAWTEXT_GRID_X * _DRAWTEXT_GRID_Y;
	const float atlas = tex2D(samplerText, texcoord).x / grid;
	const float3 color = tex2D(ReShade::BackBuffer, texcoord).rgb;
	return float4(lerp(color, 1.0, saturate(coverage + atlas)), 1.0);
}

technique DrawTextApi
{
	pass
	{
		VertexShader = PostProcessVS;
		PixelShader = DrawTextPS;
	}
}
