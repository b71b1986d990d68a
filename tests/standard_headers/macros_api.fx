// Every macro of Macros.fxh in use; the pixel shader reads every uniform they declare.
#include "ReShade.fxh"
#include "Macros.fxh"

UI_COMBO(iCombo, "Combo", "A combo box", 0, 2, 1, "One\0Two\0Three\0")
CAT_COMBO(iCatCombo, "Integers", "Combo", "A combo box", 0, 2, 0, "One\0Two\0Three\0")
UI_RADIO(iRadio, "Radio", "Radio buttons", 0, 2, 0, " One \0 Two \0 Three\0")
CAT_RADIO(iCatRadio, "Integers", "Radio", "Radio buttons", 0, 2, 2, " One \0 Two \0 Three\0")
UI_INT_I(iInput, "Input", "An input box", 0, 100, 50)
CAT_INT_I(iCatInput, "Integers", "Input", "An input box", 0, 100, 50)
UI_INT_S(iSlider, "Slider", "A slider", 0, 100, 50)
CAT_INT_S(iCatSlider, "Integers", "Slider", "A slider", 0, 100, 50)
UI_INT_D(iDrag, "Drag", "A drag box", 0, 100, 50)
CAT_INT_D(iCatDrag, "Integers", "Drag", "A drag box", 0, 100, 50)

UI_BOOL(bFlag, "Flag", "A checkbox", true)
CAT_BOOL(bCatFlag, "Booleans", "Flag", "A checkbox", false)

UI_FLOAT_I(fInput, "Input", "An input box", 0.0, 1.0, 0.5)
CAT_FLOAT_I(fCatInput, "Floats", "Input", "An input box", 0.0, 1.0, 0.5)
UI_FLOAT_S(fSlider, "Slider", "A slider", 0.0, 1.0, 0.5)
CAT_FLOAT_S(fCatSlider, "Floats", "Slider", "A slider", 0.0, 1.0, 0.5)
UI_FLOAT_D(fDrag, "Drag", "A drag box", 0.0, 1.0, 0.5)
CAT_FLOAT_D(fCatDrag, "Floats", "Drag", "A drag box", 0.0, 1.0, 0.5)
UI_FLOAT_FULL(fFull, "drag", "Full", "Step 0.1", 0.1, 0.0, 1.0, 0.5)
CAT_FLOAT_FULL(fCatFull, "slider", "Floats", "Full", "Step 0.1", 0.1, 0.0, 1.0, 0.5)

UI_FLOAT2_I(f2Input, "Input", "Two input boxes", 0.0, 1.0, 0.5, 0.25)
CAT_FLOAT2_I(f2CatInput, "Pairs", "Input", "Two input boxes", 0.0, 1.0, 0.5, 0.25)
UI_FLOAT2_S(f2Slider, "Slider", "Two sliders", 0.0, 1.0, 0.5, 0.25)
CAT_FLOAT2_S(f2CatSlider, "Pairs", "Slider", "Two sliders", 0.0, 1.0, 0.5, 0.25)
UI_FLOAT2_D(f2Drag, "Drag", "Two drag boxes", 0.0, 1.0, 0.5, 0.25)
CAT_FLOAT2_D(f2CatDrag, "Pairs", "Drag", "Two drag boxes", 0.0, 1.0, 0.5, 0.25)
UI_FLOAT2_FULL(f2Full, "drag", "Full", "Step 0.1", 0.1, 0.0, 1.0, 0.5, 0.25)
CAT_FLOAT2_FULL(f2CatFull, "slider", "Pairs", "Full", "Step 0.1", 0.1, 0.0, 1.0, 0.5, 0.25)

UI_FLOAT3_I(f3Input, "Input", "Three input boxes", 0.5, 0.25, 0.125)
CAT_FLOAT3_I(f3CatInput, "Triples", "Input", "Three input boxes", 0.5, 0.25, 0.125)
UI_FLOAT3_S(f3Slider, "Slider", "Three sliders", 0.5, 0.25, 0.125)
CAT_FLOAT3_S(f3CatSlider, "Triples", "Slider", "Three sliders", 0.5, 0.25, 0.125)
UI_FLOAT3_D(f3Drag, "Drag", "Three drag boxes", 0.5, 0.25, 0.125)
CAT_FLOAT3_D(f3CatDrag, "Triples", "Drag", "Three drag boxes", 0.5, 0.25, 0.125)
UI_COLOR(cColor, "Color", "A colour picker", 1.0, 0.5, 0.0)
CAT_COLOR(cCatColor, "Triples", "Color", "A colour picker", 0.0, 0.5, 1.0)

TEXTURE(texScreenSized, "FontAtlas.png")
TEXTURE_FULL(texSized, "FontAtlas.png", 64, 64, RGBA8)
SAMPLER(sScreenSized, texScreenSized)
SAMPLER_UV(sSized, texSized, MIRROR)

texture texTarget { Width = BUFFER_WIDTH; Height = BUFFER_HEIGHT; Format = RGBA8; };
sampler sTarget { Texture = texTarget; };

float4 FirstPS(float4 position : SV_Position, float2 texcoord : TEXCOORD) : SV_Target
{
	const float ints = iCombo + iCatCombo + iRadio + iCatRadio + iInput + iCatInput + iSlider
		+ iCatSlider + iDrag + iCatDrag;
	const float floats = fInput + fCatInput + fSlider + fCatSlider + fDrag + fCatDrag + fFull + fCatFull;
	const float2 pairs = f2Input + f2CatInput + f2Slider + f2CatSlider + f2Drag + f2CatDrag + f2Full + f2CatFull;
	const float3 triples = f3Input + f3CatInput + f3Slider + f3CatSlider + f3Drag + f3CatDrag + cColor + cCatColor;
	const float flags = (bFlag ? 0.25 : 0.0) + (bCatFlag ? 0.5 : 0.0);
	const float3 images = tex2D(sScreenSized, texcoord).rgb + tex2D(sSized, texcoord * 2.0).rgb;
	return float4(frac(triples + images + pairs.x * pairs.y + ints / 700.0 + floats + flags), 1.0);
}

float4 SecondPS(float4 position : SV_Position, float2 texcoord : TEXCOORD) : SV_Target
{
	return tex2D(sTarget, texcoord) * 0.5 + tex2D(ReShade::BackBuffer, texcoord) * 0.5;
}

TECHNIQUE(MacrosApi, PASS_RT(First, PostProcessVS, FirstPS, texTarget) PASS(Second, PostProcessVS, SecondPS))
