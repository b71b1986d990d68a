// a constructor's arguments are checked in order: a string before an undeclared name
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float2 v = float2("text",
        Missing);
    return v.xyxy;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
