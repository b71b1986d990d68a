// an integer `/` or `%` by a constant zero is not folded (ReShade's folding skips a zero divisor),
// so a global initialised with it is no literal expression (X3011); a float one folds
#include "../case.fxh"
static const float F = 1.0 / 0.0;
static const int A = 5 % 0;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target { return float4(float(A) * uv.x, saturate(F), 0, 1); }
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
