// ddx_fine is not a ReShade 6.1 intrinsic, X3004 (resolve_function_call)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return ddx_fine(uv.x);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
