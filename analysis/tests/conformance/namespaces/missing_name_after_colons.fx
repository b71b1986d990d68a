// ::1 (accept_symbol)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return ::1;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
