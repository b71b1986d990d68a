// a sampler does not convert to a texture parameter, X3013 (resolve_function_call)
#include "../case.fxh"
float F(texture2D t) { return 1; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return F(CaseSamp);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
