// a bitwise assignment to a float whose value does not convert: the conversion is reported
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float3 c = 1.0;
    c |=
        float4x4(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    return float4(c, 1.0);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
