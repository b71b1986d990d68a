// A second array dimension left open at a line's end: X3119 at the second '[', before the size is read (found by mutating HoleFiller.fx)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float3 sColor[5][
    float  sDepth[5];
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
