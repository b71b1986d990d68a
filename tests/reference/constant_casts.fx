// Conversions of constants as ReShade's front end folds them (`add_cast_operation`): a float
// goes to a bool or a uint through an int, a uint goes to a float as an int. Every ReShade back
// end gets the folded values, so its shaders compute these (HLSL would give 1, 1, 0, 1 in the
// four channels): fxbench's must too.
#include "ReShade.fxh"

static const uint Big = 1e10;

float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target
{
    float c = (float)~4u / 16.0 + 0.5;
    bool4 d = bool4(false, false, 0.7, true);
    uint e = (uint)-1.5;
    bool f = 2.5;
    float g = 0.25;
    if (0.5)
        g = 0.75;
    // A compound assignment converts its value to the place's type first, folded alike: these
    // divide by (1, 0xFFFFFFFF, 0xFFFFFFFF) and 0xFFFFFFFC, where naga's conversion saturates
    // to 0 (a constant division by zero, which WGSL rejects).
    uint3 u = uint3(pos.xyx) + 7;
    u /= (float2(1, -1)).xyy;
    uint v = 9 + (uint)pos.y;
    v %= -4.0;
    // A float constant no int holds goes to a uint or a bool through the smallest int, as
    // ReShade's folding on x86 gives it: 0x80000000, the top bit alone (naga's conversion
    // saturates, to 0x7FFFFF80 through an int; an infinity is converted at run time, where
    // the GPU decides).
    uint h = (uint)3e9;
    uint i = (uint)(1.0 / 0.0);
    uint k = 5e9;
    uint2 l = uint2(-1e10, 2.5);
    return float4(c + ((h >> 31) + (i >> 31) + (k >> 31) + (l.x >> 31) + (Big >> 31)) * 0.0625, d.z + g * 0.5 + (u.y + u.z + v % 2) / 16.0 + ((h | i | k | l.x | Big) & 1) * 0.5, (e >> 28) / 15.0, f * 0.5 + (float)4000000000u / 16000000000.0 + 0.5);
}

technique ConstantCasts { pass { VertexShader = PostProcessVS; PixelShader = PS; } }
