// tex2D on a texture is X3004 (resolve_function_call)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return tex2D(CaseTex, uv);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
