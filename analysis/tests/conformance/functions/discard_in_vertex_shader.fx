// discard in a vertex shader: ReShade's compiler accepts it, but HLSL allows it in pixel
// shaders only, and SPIR-V's OpKill and GLSL's discard are fragment-only too
#include "../case.fxh"
void VS(in uint id : SV_VertexID, out float4 pos : SV_Position, out float2 uv : TEXCOORD0)
{
    CaseVS(id, pos, uv);
    if (id > 2)
        discard;
}
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return uv.xyxy;
}
technique T { pass { VertexShader = VS; PixelShader = PS; } }
