// an integer % by a vector built of a run-time value and constants with a zero lane is accepted, the lane left to the GPU (evaluate_constant_expression folds no zero divisor)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    int4 v = int4(uv.xyxy * 9.0);
    v %= int4(v.y, int3(0, 6, 5));
    int4 w = v / int4(int2(v.x, 0), 2, 3);
    return float4(v + w) / 9.0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
