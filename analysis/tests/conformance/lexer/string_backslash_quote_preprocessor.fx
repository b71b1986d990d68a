// the preprocessor reads no escapes: a backslash-quote closes a string there, so the quote after is an open one
#include "../case.fxh"
uniform float X < ui_label = "abc\" def"; > = 1.0;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target { return X; }
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
