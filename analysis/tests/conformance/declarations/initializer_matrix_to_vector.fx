// a float2x2 initialising a float4 is X3017 (parse_variable)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float4 a = float2x2(1, 2, 3, 4);
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
