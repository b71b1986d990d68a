// BUFFER_RCP_WIDTH is predefined: defining it again is a redefinition
#include "../case.fxh"
#define BUFFER_RCP_WIDTH 1
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
