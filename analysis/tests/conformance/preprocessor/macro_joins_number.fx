// a macro right after a number is expanded and its text joins the number: 1.0N with N 5 reads 1.05 (the lexer ends a number where ReShade's does; parse pastes the text)
#include "../case.fxh"
#define N 5
static const float K = 1.0N;
static const float L = 1N + N.0;
float4 PS(float4 pos : SV_Position) : SV_Target { return K + L; }
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
