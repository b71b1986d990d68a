// a parameter list ending in a comma: ReShade expects another parameter and reports the ')' (a mutant of PD80_03_Color_Space_Curves.fx, seed 937)
#include "../case.fxh"
float Scale(float a, float b, ) { return a * b; }
float4 PS(float4 pos : SV_Position) : SV_Target { return Scale(1.0, 2.0); }
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
