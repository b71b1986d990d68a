// a float3 initialising a float warns X3206 (parse_variable)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float a = float3(1, 2, 3);
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
