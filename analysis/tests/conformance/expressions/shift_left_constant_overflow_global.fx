// a static const initialised by a << that overflows is computed where it is read (WGSL holds no such constant)
#include "../case.fxh"
static const int K = 1 << 31;
static const uint2 U = uint2(1u, 3u) << 31;
float4 PS(float4 pos : SV_Position) : SV_Target
{
    return K + U.y;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
