// annotations on a function are a syntax error (parse_function)
#include "../case.fxh"
float F() < ui_min = 0; > { return 1; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
