// a word before an annotation's name that names no type is read as the name: the real name is then a syntax error (parse_annotations)
#include "../case.fxh"
uniform float Value < NotAType ui_label = "Value"; > = 1.0;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target { return Value; }
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
