// a function giving a texture, its result passed on; the call still runs (parse_function)
#include "../case.fxh"
static int Count = 0;
texture2D F(texture2D t) { Count++; return t; }
float G(texture2D t) { return Count; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return G(F(CaseTex));
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
