// a block comment after #endif is no token
#include "../case.fxh"
#if 1
#endif /* comment */
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
