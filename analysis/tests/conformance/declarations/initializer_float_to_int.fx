// a float initialising an int (parse_variable)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    int a = 1.5;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
