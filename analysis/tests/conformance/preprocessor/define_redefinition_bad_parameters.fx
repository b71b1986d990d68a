// a #define whose parameter list fails is not a redefinition: the list error comes first
#include "../case.fxh"
#define A 1
#define A(x 1
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
