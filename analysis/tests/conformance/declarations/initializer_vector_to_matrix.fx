// a float4 initialising a float2x2 is X3017 (parse_variable)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float2x2 a = float4(1, 2, 3, 4);
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
