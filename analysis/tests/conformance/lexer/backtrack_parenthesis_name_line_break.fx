// ReShade tries the name after '(' as a cast's type: a line break after it is counted twice
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float y = (pos
        .x + Missing);
    return y;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
