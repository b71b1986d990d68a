// a string in a #define body that does not end on its line is an error, even if the macro is never used (preprocessor::consume)
#include "../case.fxh"
#define LABEL "never closed
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target { return 0; }
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
