// a local's initialiser read whole is checked before the missing ';'
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float x = Missing
    float y = 1.0;
    return x;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
