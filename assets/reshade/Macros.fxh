// fxbench's Macros.fxh: one-line declarations of uniforms, samplers, textures and techniques,
// written for fxbench.
//
// It offers the macros of ReShade's standard Macros.fxh. Their names say what they declare:
//   UI_<TYPE>[_<WIDGET>](name, label, tooltip, ...)     a uniform with a widget;
//   CAT_<TYPE>[_<WIDGET>](name, category, label, ...)   the same inside a UI category;
// widgets: _I input, _S slider, _D drag; types: BOOL, INT, FLOAT, FLOAT2, FLOAT3, COLOR, COMBO,
// RADIO; *_FULL takes the widget type and a step. The arguments after the texts are the bounds
// (where the widget has them), then the default value (its components for FLOAT2/FLOAT3/COLOR).
//   UI_INT_S(Count, "Count", "How many", 0, 100, 50)
//   CAT_COMBO(Mode, "Look", "Mode", "Which mode", 0, 2, 0, "One\0Two\0Three\0")
//   UI_FLOAT_FULL(Amount, "drag", "Amount", "How much", 0.01, 0.0, 1.0, 0.5)
//   SAMPLER(sName, TexName)  SAMPLER_UV(sName, TexName, MIRROR)  TEXTURE(TexName, "file.png")
//   TEXTURE_FULL(TexName, "file.png", 256, 256, RGBA8)
//   TECHNIQUE(Name, PASS(P0, PostProcessVS, MyPS) PASS_RT(P1, PostProcessVS, MyPS2, MyTarget))
// (PASS's first argument only names the pass for the reader, as in ReShade's header.)
// CAT_FLOAT2_FULL takes the bounds as the others do (ui_type, category, label, tooltip, step, min,
// max, x, y). An effect collection's own Macros.fxh is found first; this file is searched last.

#pragma once

// Annotation pieces the macros below are made of.
#define _MACROS_TEXT(label, tooltip) ui_label = label; ui_tooltip = tooltip;
#define _MACROS_RANGE(minval, maxval) ui_min = minval; ui_max = maxval;

// uniform <kind> <var> < ui_type = <widget>; ... > = <value>;
#define _MACROS_WIDGET(kind, var, widget, annotations, value) \
	uniform kind var < ui_type = widget; annotations > = value;

// Integers
#define UI_COMBO(var, label, tooltip, minval, maxval, defval, items) \
	_MACROS_WIDGET(int, var, "combo", _MACROS_TEXT(label, tooltip) ui_items = items; _MACROS_RANGE(minval, maxval), defval)
#define CAT_COMBO(var, category, label, tooltip, minval, maxval, defval, items) \
	_MACROS_WIDGET(int, var, "combo", ui_category = category; _MACROS_TEXT(label, tooltip) ui_items = items; _MACROS_RANGE(minval, maxval), defval)
#define UI_RADIO(var, label, tooltip, minval, maxval, defval, items) \
	_MACROS_WIDGET(int, var, "radio", _MACROS_TEXT(label, tooltip) ui_items = items; _MACROS_RANGE(minval, maxval), defval)
#define CAT_RADIO(var, category, label, tooltip, minval, maxval, defval, items) \
	_MACROS_WIDGET(int, var, "radio", ui_category = category; _MACROS_TEXT(label, tooltip) ui_items = items; _MACROS_RANGE(minval, maxval), defval)
#define UI_INT_I(var, label, tooltip, minval, maxval, defval) \
	_MACROS_WIDGET(int, var, "input", _MACROS_TEXT(label, tooltip) _MACROS_RANGE(minval, maxval), defval)
#define CAT_INT_I(var, category, label, tooltip, minval, maxval, defval) \
	_MACROS_WIDGET(int, var, "input", ui_category = category; _MACROS_TEXT(label, tooltip) _MACROS_RANGE(minval, maxval), defval)
#define UI_INT_S(var, label, tooltip, minval, maxval, defval) \
	_MACROS_WIDGET(int, var, "slider", _MACROS_TEXT(label, tooltip) _MACROS_RANGE(minval, maxval), defval)
#define CAT_INT_S(var, category, label, tooltip, minval, maxval, defval) \
	_MACROS_WIDGET(int, var, "slider", ui_category = category; _MACROS_TEXT(label, tooltip) _MACROS_RANGE(minval, maxval), defval)
#define UI_INT_D(var, label, tooltip, minval, maxval, defval) \
	_MACROS_WIDGET(int, var, "drag", _MACROS_TEXT(label, tooltip) _MACROS_RANGE(minval, maxval), defval)
#define CAT_INT_D(var, category, label, tooltip, minval, maxval, defval) \
	_MACROS_WIDGET(int, var, "drag", ui_category = category; _MACROS_TEXT(label, tooltip) _MACROS_RANGE(minval, maxval), defval)

// Booleans: a checkbox, so no ui_type.
#define UI_BOOL(var, label, tooltip, def) \
	uniform bool var < _MACROS_TEXT(label, tooltip) > = def;
#define CAT_BOOL(var, category, label, tooltip, def) \
	uniform bool var < ui_category = category; _MACROS_TEXT(label, tooltip) > = def;

// Floats
#define UI_FLOAT_I(var, label, tooltip, minval, maxval, defval) \
	_MACROS_WIDGET(float, var, "input", _MACROS_TEXT(label, tooltip) _MACROS_RANGE(minval, maxval), defval)
#define CAT_FLOAT_I(var, category, label, tooltip, minval, maxval, defval) \
	_MACROS_WIDGET(float, var, "input", ui_category = category; _MACROS_TEXT(label, tooltip) _MACROS_RANGE(minval, maxval), defval)
#define UI_FLOAT_S(var, label, tooltip, minval, maxval, defval) \
	_MACROS_WIDGET(float, var, "slider", _MACROS_TEXT(label, tooltip) _MACROS_RANGE(minval, maxval), defval)
#define CAT_FLOAT_S(var, category, label, tooltip, minval, maxval, defval) \
	_MACROS_WIDGET(float, var, "slider", ui_category = category; _MACROS_TEXT(label, tooltip) _MACROS_RANGE(minval, maxval), defval)
#define UI_FLOAT_D(var, label, tooltip, minval, maxval, defval) \
	_MACROS_WIDGET(float, var, "drag", _MACROS_TEXT(label, tooltip) _MACROS_RANGE(minval, maxval), defval)
#define CAT_FLOAT_D(var, category, label, tooltip, minval, maxval, defval) \
	_MACROS_WIDGET(float, var, "drag", ui_category = category; _MACROS_TEXT(label, tooltip) _MACROS_RANGE(minval, maxval), defval)
#define UI_FLOAT_FULL(var, uitype, label, tooltip, uistep, minval, maxval, defval) \
	_MACROS_WIDGET(float, var, uitype, _MACROS_TEXT(label, tooltip) ui_step = uistep; _MACROS_RANGE(minval, maxval), defval)
#define CAT_FLOAT_FULL(var, uitype, category, label, tooltip, uistep, minval, maxval, defval) \
	_MACROS_WIDGET(float, var, uitype, ui_category = category; _MACROS_TEXT(label, tooltip) ui_step = uistep; _MACROS_RANGE(minval, maxval), defval)

// Float pairs: the bounds apply to both components.
#define UI_FLOAT2_I(var, label, tooltip, minval, maxval, defval1, defval2) \
	_MACROS_WIDGET(float2, var, "input", _MACROS_TEXT(label, tooltip) _MACROS_RANGE(minval, maxval), float2(defval1, defval2))
#define CAT_FLOAT2_I(var, category, label, tooltip, minval, maxval, defval1, defval2) \
	_MACROS_WIDGET(float2, var, "input", ui_category = category; _MACROS_TEXT(label, tooltip) _MACROS_RANGE(minval, maxval), float2(defval1, defval2))
#define UI_FLOAT2_S(var, label, tooltip, minval, maxval, defval1, defval2) \
	_MACROS_WIDGET(float2, var, "slider", _MACROS_TEXT(label, tooltip) _MACROS_RANGE(minval, maxval), float2(defval1, defval2))
#define CAT_FLOAT2_S(var, category, label, tooltip, minval, maxval, defval1, defval2) \
	_MACROS_WIDGET(float2, var, "slider", ui_category = category; _MACROS_TEXT(label, tooltip) _MACROS_RANGE(minval, maxval), float2(defval1, defval2))
#define UI_FLOAT2_D(var, label, tooltip, minval, maxval, defval1, defval2) \
	_MACROS_WIDGET(float2, var, "drag", _MACROS_TEXT(label, tooltip) _MACROS_RANGE(minval, maxval), float2(defval1, defval2))
#define CAT_FLOAT2_D(var, category, label, tooltip, minval, maxval, defval1, defval2) \
	_MACROS_WIDGET(float2, var, "drag", ui_category = category; _MACROS_TEXT(label, tooltip) _MACROS_RANGE(minval, maxval), float2(defval1, defval2))
#define UI_FLOAT2_FULL(var, uitype, label, tooltip, uistep, minval, maxval, defval1, defval2) \
	_MACROS_WIDGET(float2, var, uitype, _MACROS_TEXT(label, tooltip) ui_step = uistep; _MACROS_RANGE(minval, maxval), float2(defval1, defval2))
#define CAT_FLOAT2_FULL(var, uitype, category, label, tooltip, uistep, minval, maxval, defval1, defval2) \
	_MACROS_WIDGET(float2, var, uitype, ui_category = category; _MACROS_TEXT(label, tooltip) ui_step = uistep; _MACROS_RANGE(minval, maxval), float2(defval1, defval2))

// Float triples and colours: no bounds.
#define UI_FLOAT3_I(var, label, tooltip, defval1, defval2, defval3) \
	_MACROS_WIDGET(float3, var, "input", _MACROS_TEXT(label, tooltip), float3(defval1, defval2, defval3))
#define CAT_FLOAT3_I(var, category, label, tooltip, defval1, defval2, defval3) \
	_MACROS_WIDGET(float3, var, "input", ui_category = category; _MACROS_TEXT(label, tooltip), float3(defval1, defval2, defval3))
#define UI_FLOAT3_S(var, label, tooltip, defval1, defval2, defval3) \
	_MACROS_WIDGET(float3, var, "slider", _MACROS_TEXT(label, tooltip), float3(defval1, defval2, defval3))
#define CAT_FLOAT3_S(var, category, label, tooltip, defval1, defval2, defval3) \
	_MACROS_WIDGET(float3, var, "slider", ui_category = category; _MACROS_TEXT(label, tooltip), float3(defval1, defval2, defval3))
#define UI_FLOAT3_D(var, label, tooltip, defval1, defval2, defval3) \
	_MACROS_WIDGET(float3, var, "drag", _MACROS_TEXT(label, tooltip), float3(defval1, defval2, defval3))
#define CAT_FLOAT3_D(var, category, label, tooltip, defval1, defval2, defval3) \
	_MACROS_WIDGET(float3, var, "drag", ui_category = category; _MACROS_TEXT(label, tooltip), float3(defval1, defval2, defval3))
#define UI_COLOR(var, label, tooltip, defval1, defval2, defval3) \
	_MACROS_WIDGET(float3, var, "color", _MACROS_TEXT(label, tooltip), float3(defval1, defval2, defval3))
#define CAT_COLOR(var, category, label, tooltip, defval1, defval2, defval3) \
	_MACROS_WIDGET(float3, var, "color", ui_category = category; _MACROS_TEXT(label, tooltip), float3(defval1, defval2, defval3))

// Samplers: the texture's default states, or one address mode on every axis.
#define SAMPLER(sname, tname) \
	sampler sname { Texture = tname; };
#define SAMPLER_UV(sname, tname, addUVW) \
	sampler sname { Texture = tname; AddressU = addUVW; AddressV = addUVW; AddressW = addUVW; };

// Textures loaded from an image: screen-sized RGBA8, or of a given size and format.
#define TEXTURE(tname, src) \
	texture tname < source = src; > { Width = BUFFER_WIDTH; Height = BUFFER_HEIGHT; Format = RGBA8; };
#define TEXTURE_FULL(tname, src, width, height, fomat) \
	texture tname < source = src; > { Width = width; Height = height; Format = fomat; };

// Techniques and passes.
#define TECHNIQUE(tname, pass) \
	technique tname { pass }
#define PASS(ID, vs, ps) \
	pass { VertexShader = vs; PixelShader = ps; }
#define PASS_RT(ID, vs, ps, rt) \
	pass { VertexShader = vs; PixelShader = ps; RenderTarget = rt; }
