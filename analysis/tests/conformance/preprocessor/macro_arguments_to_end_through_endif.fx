// a macro call without its ')' reads the rest of the file, its #endif too: the open #if comes first
#include "../case.fxh"
#define F(a, b) a + b
#if 1
static const float x = F(1,
#endif
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target { return 1; }
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
