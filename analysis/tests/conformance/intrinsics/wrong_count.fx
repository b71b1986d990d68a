// clamp with two arguments is X3004 (resolve_function_call)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return clamp(uv.x, 0);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
