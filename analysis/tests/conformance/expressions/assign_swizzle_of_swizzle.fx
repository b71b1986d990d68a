// a swizzle of a swizzle is a place: `c.xyz.x = 1` writes c.x, `c.wzyx.xy = uv` writes c.w and c.z
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float4 c = 0;
    c.xyz.x = 1;
    c.wzyx.xy = uv;
    c.rgb.bg += 0.5;
    return c;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
