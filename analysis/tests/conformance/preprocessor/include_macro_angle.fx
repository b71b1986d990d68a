// #include of a macro that expands to <file>: ReShade reports the expansion's '<' where the macro stands
#include "../case.fxh"
#define FILE <included.fxh>
#include FILE
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target { return 1; }
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
