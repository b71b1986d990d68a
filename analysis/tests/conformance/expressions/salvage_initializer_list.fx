// the elements of an initialiser list read whole are checked before its syntax error
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float a[3] = { 1, Missing,
        ;
    return a[0];
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
