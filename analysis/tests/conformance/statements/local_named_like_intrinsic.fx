// a local named like an intrinsic (parse_variable)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float lerp = 2;
    float a = lerp * 2;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
