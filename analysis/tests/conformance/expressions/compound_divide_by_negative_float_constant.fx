// /= and %= of a uint place by a negative float constant: converted as ReShade folds it, through an int (0xFFFFFFFF, not 0)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    uint3 u = uint3(pos.xyx);
    u /= (float2(1, -1)).xyy;
    uint v = (uint)pos.y;
    v %= -4.0;
    return u.y + v;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
