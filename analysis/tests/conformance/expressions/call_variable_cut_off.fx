// a call to a variable whose argument list is cut off: the name is reported first
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float limit = 0.5;
    if (uv.x < limit(
        return 0.0;
    return 1.0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
