// an undeclared type name is reported where it is, even with a syntax error further down (the parser knows every type it has seen)
#include "../case.fxh"
uniform Unknown Value;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0 +;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
