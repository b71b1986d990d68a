// a pass state's number followed by '<' (a relational operator ReShade does not read there)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; StencilRef = 1 <
    2; } }
