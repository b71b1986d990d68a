// normalize of a scalar is ambiguous? (resolve_function_call)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return normalize(uv.x);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
