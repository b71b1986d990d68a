// a shift of a float is typed as ReShade types it (float4): the call around it is checked on
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    uint v1 = asuint(1) + asfloat(
        (uint4(4u, 0u, 4u, 0u) >> uv.x)).x;
    return v1;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
