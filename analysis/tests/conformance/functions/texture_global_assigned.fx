// a texture global assigned directly: l-value specifies const object (X3025)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    CaseTex = CaseTex;
    return 1;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
