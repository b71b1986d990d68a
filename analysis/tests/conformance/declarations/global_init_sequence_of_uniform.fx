// A static const initialised by a comma sequence whose first part reads a uniform: ReShade keeps the last part's constant
#include "../case.fxh"
uniform float U = 1.0;
static const float A = (U, 2);
static const int K[2] = { (1, 2), 3 };
static const float C = (1, 2) + 1;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return A + K[0] + C;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
