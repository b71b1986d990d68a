// a constructor cut off after an argument with an error: that error
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float2 v = float2(uv.x, Missing
        ;
    return v.xyxy;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
