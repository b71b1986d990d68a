// a struct's name before an annotation's name is a type prefix: deprecated and ignored (parse_annotations, accept_type_class)
#include "../case.fxh"
struct Pair { float a; float b; };
uniform float Value < Pair ui_label = "Value"; > = 1.0;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target { return Value; }
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
