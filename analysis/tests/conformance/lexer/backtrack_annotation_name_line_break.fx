// ReShade rewinds its lexer over an annotation name it tried as a type: a line break after the name is counted twice
#include "../case.fxh"
uniform float X <
    ui_max
    ui_step = 0.01;
> = 1.0;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target { return X; }
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
