// a global array whose size names an undeclared variable, the text ending before its ']': the undeclared name is ReShade's first error (seed 936)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position) : SV_Target { return 0; }
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
static const float Weights[Count
