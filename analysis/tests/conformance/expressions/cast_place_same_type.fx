// a cast or one-argument constructor to the operand's own type, or to a shorter vector of its base type, is as writable as the operand (add_cast_operation returns before it marks the value const): --float2(a), (float2)v = a, (float)v *= 2, an out argument
#include "../case.fxh"
void Set(out float2 r) { r = float2(1.0, 2.0); }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float2 a = uv;
    --float2(a);
    (float2)a += 1.0;
    float3 v = float3(uv, 1.0);
    (float2)v = a;
    (float)v *= 2.0;
    ((float2)a).x++;
    int2 i = int2(1, 2);
    ++int2(i);
    Set(float2(a));
    Set((float2)v);
    return float4(a, v.xy) + float4(i, 0, 0);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
