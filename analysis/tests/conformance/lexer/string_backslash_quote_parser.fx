// the parser reads escapes: a backslash-quote is no end, the string runs to its line's end unreported
#include "../case.fxh"
uniform float X < ui_label = "abc\"; > = 1.0;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target { return X; }
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
