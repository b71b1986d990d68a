// fxbench's TriDither.fxh: triangular dither before a colour is stored at a lower bit depth,
// written for fxbench.
//
// It offers the API of ReShade's standard TriDither.fxh:
//
//   color.rgb += TriDither(color.rgb, texcoord, BUFFER_COLOR_BIT_DEPTH);
//
// TriDither returns noise to add, at most one step of a `bits`-bit channel either way: triangular
// noise (the difference of two uniform noises) in the middle of the range, fading to uniform noise
// of half that amplitude at 0 and 1 so black and white stay in range. The noise is the same hash
// as ReShade's header, of the texture coordinate and the timer, so an effect dithers alike here
// and there. An effect collection's own TriDither.fxh is found first; this file is searched last.

#pragma once

// Milliseconds since the effect started; the noise changes every frame.
uniform float DitherTimer < source = "timer"; >;

// Where `v` falls between `a` (0) and `b` (1).
#define remap(v, a, b) (((v) - (a)) / ((b) - (a)))

// A pseudo-random number in [0, 1) from a 2D position (the classic sine hash).
float rand21(float2 uv)
{
	return frac(sin(dot(uv, float2(25.9796, 156.466))) * 43758.5453);
}

// A pseudo-random number in [0, 1) from a hash value: its 41st part, wrapped.
float rand11(float x)
{
	return frac(x * 0.024390243);
}

// One step of the permutation polynomial (34 x + 1) x mod 289.
float permute(float x)
{
	return ((34.0 * x + 1.0) * x) % 289.0;
}

float3 TriDither(float3 color, float2 uv, int bits)
{
	const float steps = exp2(bits) - 1.0;
	const float step_size = 1.0 / steps;

	// Hash the position and the time, then draw six numbers, two per channel, alternating.
	const float3 seed = float3(uv, rand21(uv + DitherTimer * 0.001)) + 1.0;
	float h = permute(permute(permute(seed.x) + seed.y) + seed.z);
	float3 first, second;
	first.x = rand11(h);
	h = permute(h);
	second.x = rand11(h);
	h = permute(h);
	first.y = rand11(h);
	h = permute(h);
	second.y = rand11(h);
	h = permute(h);
	first.z = rand11(h);
	h = permute(h);
	second.z = rand11(h);

	// 0 at black and white, 1 from half a step inside them on.
	const float3 near_black = saturate(remap(color, 0.0, 0.5 / steps));
	const float3 near_white = saturate(remap(color, 1.0, (steps - 0.5) / steps));
	const float3 uniform_noise = first - 0.5;
	const float3 triangular_noise = first - second;
	return lerp(uniform_noise, triangular_noise, min(near_black, near_white)) * step_size;
}
