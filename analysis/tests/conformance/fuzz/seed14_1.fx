// float arithmetic of constants that ReShade folds to an infinity or a NaN (division or `%` by zero, overflow; also through a static const and on vectors and matrices) is accepted, as are built-in calls of constants with such values (after seed 14)
#include "../case.fxh"
static const float Z = 0.0;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float a = log(0.0) + sqrt(-1.0) + exp(100.0) + pow(10.0, 50.0);
    float b = 1e38 * 10.0;
    float c = -3e38 - 3e38;
    float d = 1.0 / Z;
    float2 e = float2(1.0, 2.0) / float2(Z, 1.0);
    float f = 5 % 0.0;
    float g = 0.0 / 0.0;
    float3x3 m = float3x3(1, 2, 3, 4, 5, 6, 7, 8, 9) / 0.0;
    return float4(a, b, c, d + e.x + f + g + m[0][0]);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
