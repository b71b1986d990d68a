// a declarator read whole is checked before the syntax error after it (X3017 on line 3)
#include "../case.fxh"
static const float w[6] = 9.0,
    v = 1.0
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target { return w[0]; }
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
