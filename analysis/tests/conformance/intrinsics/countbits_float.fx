// countbits of a float (resolve_function_call)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return countbits(3.5);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
