// - on a uint matrix (computed row by row as 0u - row: WGSL has no - on unsigned values)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position) : SV_Target
{
    uint2x2 a = -uint2x2(3u, 8u, 5u, 4u);
    return a[0][1];
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
