// fxbench's ReShadeUI.fxh: annotation shorthands for uniform widgets, written for fxbench.
//
// `uniform float x < __UNIFORM_SLIDER_FLOAT1 ui_min = 0.0; ui_max = 1.0; > = 0.5;` picks the
// widget ReShade's overlay shows for the uniform. Each macro expands to its `ui_type` annotation;
// the type suffix (ANY, BOOL1..4, INT1..4, FLOAT1..4) only documents the uniform's type.

#pragma once

// ui_type = "input"
#define __UNIFORM_INPUT_ANY ui_type = "input";
#define __UNIFORM_INPUT_BOOL1 ui_type = "input";
#define __UNIFORM_INPUT_BOOL2 ui_type = "input";
#define __UNIFORM_INPUT_BOOL3 ui_type = "input";
#define __UNIFORM_INPUT_BOOL4 ui_type = "input";
#define __UNIFORM_INPUT_INT1 ui_type = "input";
#define __UNIFORM_INPUT_INT2 ui_type = "input";
#define __UNIFORM_INPUT_INT3 ui_type = "input";
#define __UNIFORM_INPUT_INT4 ui_type = "input";
#define __UNIFORM_INPUT_FLOAT1 ui_type = "input";
#define __UNIFORM_INPUT_FLOAT2 ui_type = "input";
#define __UNIFORM_INPUT_FLOAT3 ui_type = "input";
#define __UNIFORM_INPUT_FLOAT4 ui_type = "input";

// ui_type = "drag"
#define __UNIFORM_DRAG_ANY ui_type = "drag";
#define __UNIFORM_DRAG_BOOL1 ui_type = "drag";
#define __UNIFORM_DRAG_BOOL2 ui_type = "drag";
#define __UNIFORM_DRAG_BOOL3 ui_type = "drag";
#define __UNIFORM_DRAG_BOOL4 ui_type = "drag";
#define __UNIFORM_DRAG_INT1 ui_type = "drag";
#define __UNIFORM_DRAG_INT2 ui_type = "drag";
#define __UNIFORM_DRAG_INT3 ui_type = "drag";
#define __UNIFORM_DRAG_INT4 ui_type = "drag";
#define __UNIFORM_DRAG_FLOAT1 ui_type = "drag";
#define __UNIFORM_DRAG_FLOAT2 ui_type = "drag";
#define __UNIFORM_DRAG_FLOAT3 ui_type = "drag";
#define __UNIFORM_DRAG_FLOAT4 ui_type = "drag";

// ui_type = "slider"
#define __UNIFORM_SLIDER_ANY ui_type = "slider";
#define __UNIFORM_SLIDER_BOOL1 ui_type = "slider";
#define __UNIFORM_SLIDER_BOOL2 ui_type = "slider";
#define __UNIFORM_SLIDER_BOOL3 ui_type = "slider";
#define __UNIFORM_SLIDER_BOOL4 ui_type = "slider";
#define __UNIFORM_SLIDER_INT1 ui_type = "slider";
#define __UNIFORM_SLIDER_INT2 ui_type = "slider";
#define __UNIFORM_SLIDER_INT3 ui_type = "slider";
#define __UNIFORM_SLIDER_INT4 ui_type = "slider";
#define __UNIFORM_SLIDER_FLOAT1 ui_type = "slider";
#define __UNIFORM_SLIDER_FLOAT2 ui_type = "slider";
#define __UNIFORM_SLIDER_FLOAT3 ui_type = "slider";
#define __UNIFORM_SLIDER_FLOAT4 ui_type = "slider";

// ui_type = "combo"
#define __UNIFORM_COMBO_ANY ui_type = "combo";
#define __UNIFORM_COMBO_BOOL1 ui_type = "combo";
#define __UNIFORM_COMBO_BOOL2 ui_type = "combo";
#define __UNIFORM_COMBO_BOOL3 ui_type = "combo";
#define __UNIFORM_COMBO_BOOL4 ui_type = "combo";
#define __UNIFORM_COMBO_INT1 ui_type = "combo";
#define __UNIFORM_COMBO_INT2 ui_type = "combo";
#define __UNIFORM_COMBO_INT3 ui_type = "combo";
#define __UNIFORM_COMBO_INT4 ui_type = "combo";
#define __UNIFORM_COMBO_FLOAT1 ui_type = "combo";
#define __UNIFORM_COMBO_FLOAT2 ui_type = "combo";
#define __UNIFORM_COMBO_FLOAT3 ui_type = "combo";
#define __UNIFORM_COMBO_FLOAT4 ui_type = "combo";

// ui_type = "list"
#define __UNIFORM_LIST_ANY ui_type = "list";
#define __UNIFORM_LIST_BOOL1 ui_type = "list";
#define __UNIFORM_LIST_BOOL2 ui_type = "list";
#define __UNIFORM_LIST_BOOL3 ui_type = "list";
#define __UNIFORM_LIST_BOOL4 ui_type = "list";
#define __UNIFORM_LIST_INT1 ui_type = "list";
#define __UNIFORM_LIST_INT2 ui_type = "list";
#define __UNIFORM_LIST_INT3 ui_type = "list";
#define __UNIFORM_LIST_INT4 ui_type = "list";
#define __UNIFORM_LIST_FLOAT1 ui_type = "list";
#define __UNIFORM_LIST_FLOAT2 ui_type = "list";
#define __UNIFORM_LIST_FLOAT3 ui_type = "list";
#define __UNIFORM_LIST_FLOAT4 ui_type = "list";

// ui_type = "radio"
#define __UNIFORM_RADIO_ANY ui_type = "radio";
#define __UNIFORM_RADIO_BOOL1 ui_type = "radio";
#define __UNIFORM_RADIO_BOOL2 ui_type = "radio";
#define __UNIFORM_RADIO_BOOL3 ui_type = "radio";
#define __UNIFORM_RADIO_BOOL4 ui_type = "radio";
#define __UNIFORM_RADIO_INT1 ui_type = "radio";
#define __UNIFORM_RADIO_INT2 ui_type = "radio";
#define __UNIFORM_RADIO_INT3 ui_type = "radio";
#define __UNIFORM_RADIO_INT4 ui_type = "radio";
#define __UNIFORM_RADIO_FLOAT1 ui_type = "radio";
#define __UNIFORM_RADIO_FLOAT2 ui_type = "radio";
#define __UNIFORM_RADIO_FLOAT3 ui_type = "radio";
#define __UNIFORM_RADIO_FLOAT4 ui_type = "radio";

// ui_type = "color"
#define __UNIFORM_COLOR_ANY ui_type = "color";
#define __UNIFORM_COLOR_BOOL1 ui_type = "color";
#define __UNIFORM_COLOR_BOOL2 ui_type = "color";
#define __UNIFORM_COLOR_BOOL3 ui_type = "color";
#define __UNIFORM_COLOR_BOOL4 ui_type = "color";
#define __UNIFORM_COLOR_INT1 ui_type = "color";
#define __UNIFORM_COLOR_INT2 ui_type = "color";
#define __UNIFORM_COLOR_INT3 ui_type = "color";
#define __UNIFORM_COLOR_INT4 ui_type = "color";
#define __UNIFORM_COLOR_FLOAT1 ui_type = "color";
#define __UNIFORM_COLOR_FLOAT2 ui_type = "color";
#define __UNIFORM_COLOR_FLOAT3 ui_type = "color";
#define __UNIFORM_COLOR_FLOAT4 ui_type = "color";
