// a shader state takes a function name, never a expression: a syntax error at the value (parse_technique_pass)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target { return 0; }
technique T { pass {
    VertexShader = PS + 1;
    PixelShader = PS; } }
