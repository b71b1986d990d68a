// fxbench's ReShade.fxh: the standard header of ReShade effects, written for fxbench.
//
// It offers the API effects written for ReShade 6 expect (the back buffer and depth buffer and
// their samplers, depth linearisation with the RESHADE_DEPTH_* switches, a full-screen vertex
// shader, and the BUFFER_* helpers). An effect collection's own ReShade.fxh is found first when it
// ships one; this file is searched last.

#pragma once

// Depth input switches: define any of them before including this file (or in a preset) to
// describe how the game writes its depth buffer.
#ifndef RESHADE_DEPTH_INPUT_IS_UPSIDE_DOWN
	#define RESHADE_DEPTH_INPUT_IS_UPSIDE_DOWN 0
#endif
#ifndef RESHADE_DEPTH_INPUT_IS_REVERSED
	#define RESHADE_DEPTH_INPUT_IS_REVERSED 1
#endif
#ifndef RESHADE_DEPTH_INPUT_IS_LOGARITHMIC
	#define RESHADE_DEPTH_INPUT_IS_LOGARITHMIC 0
#endif
#ifndef RESHADE_DEPTH_MULTIPLIER
	#define RESHADE_DEPTH_MULTIPLIER 1
#endif
#ifndef RESHADE_DEPTH_LINEARIZATION_FAR_PLANE
	#define RESHADE_DEPTH_LINEARIZATION_FAR_PLANE 1000.0
#endif
// Scale and offset of the depth image against the colour image (fractions of the screen and
// pixels).
#ifndef RESHADE_DEPTH_INPUT_X_SCALE
	#define RESHADE_DEPTH_INPUT_X_SCALE 1
#endif
#ifndef RESHADE_DEPTH_INPUT_Y_SCALE
	#define RESHADE_DEPTH_INPUT_Y_SCALE 1
#endif
#ifndef RESHADE_DEPTH_INPUT_X_OFFSET
	#define RESHADE_DEPTH_INPUT_X_OFFSET 0
#endif
#ifndef RESHADE_DEPTH_INPUT_Y_OFFSET
	#define RESHADE_DEPTH_INPUT_Y_OFFSET 0
#endif
#ifndef RESHADE_DEPTH_INPUT_X_PIXEL_OFFSET
	#define RESHADE_DEPTH_INPUT_X_PIXEL_OFFSET 0
#endif
#ifndef RESHADE_DEPTH_INPUT_Y_PIXEL_OFFSET
	#define RESHADE_DEPTH_INPUT_Y_PIXEL_OFFSET 0
#endif

// Screen geometry as expressions, for places that need a constant.
#define BUFFER_PIXEL_SIZE float2(BUFFER_RCP_WIDTH, BUFFER_RCP_HEIGHT)
#define BUFFER_SCREEN_SIZE float2(BUFFER_WIDTH, BUFFER_HEIGHT)
#define BUFFER_ASPECT_RATIO (BUFFER_WIDTH * BUFFER_RCP_HEIGHT)

namespace ReShade
{
	// Width over height, the size of one pixel in texture coordinates, and the size in pixels.
	static const float AspectRatio = BUFFER_ASPECT_RATIO;
	static const float2 PixelSize = BUFFER_PIXEL_SIZE;
	static const float2 ScreenSize = BUFFER_SCREEN_SIZE;

	// The image the game rendered, and its depth.
	texture BackBufferTex : COLOR;
	texture DepthBufferTex : DEPTH;

	sampler BackBuffer
	{
		Texture = BackBufferTex;
	};
	sampler DepthBuffer
	{
		Texture = DepthBufferTex;
	};

	// Depth at `texcoord` from 0 (the camera) to 1 (the far plane), linear in distance, after
	// the RESHADE_DEPTH_* corrections.
	float GetLinearizedDepth(float2 texcoord)
	{
		float2 uv = texcoord;
#if RESHADE_DEPTH_INPUT_IS_UPSIDE_DOWN
		uv.y = 1.0 - uv.y;
#endif
		uv /= float2(RESHADE_DEPTH_INPUT_X_SCALE, RESHADE_DEPTH_INPUT_Y_SCALE);
		uv -= float2(RESHADE_DEPTH_INPUT_X_OFFSET, -RESHADE_DEPTH_INPUT_Y_OFFSET) * 0.5;
		uv -= float2(RESHADE_DEPTH_INPUT_X_PIXEL_OFFSET, -RESHADE_DEPTH_INPUT_Y_PIXEL_OFFSET) * BUFFER_PIXEL_SIZE;

		float stored = tex2Dlod(DepthBuffer, float4(uv, 0.0, 0.0)).x * RESHADE_DEPTH_MULTIPLIER;

#if RESHADE_DEPTH_INPUT_IS_LOGARITHMIC
		// Undo a logarithmic depth encoding with constant 0.01.
		stored = (exp(stored * log(1.01)) - 1.0) / 0.01;
#endif
#if RESHADE_DEPTH_INPUT_IS_REVERSED
		stored = 1.0 - stored;
#endif
		// Perspective depth to linear, with the near plane at 1 and the far plane as configured.
		const float far_plane = RESHADE_DEPTH_LINEARIZATION_FAR_PLANE;
		return stored / (far_plane - stored * (far_plane - 1.0));
	}
}

// A vertex shader for full-screen passes: three vertices make one triangle that covers the
// screen, with texture coordinates 0..1 over the visible part.
void PostProcessVS(in uint id : SV_VertexID, out float4 position : SV_Position, out float2 texcoord : TEXCOORD)
{
	texcoord.x = (id == 2) ? 2.0 : 0.0;
	texcoord.y = (id == 1) ? 2.0 : 0.0;
	position = float4(texcoord.x * 2.0 - 1.0, 1.0 - texcoord.y * 2.0, 0.0, 1.0);
}
