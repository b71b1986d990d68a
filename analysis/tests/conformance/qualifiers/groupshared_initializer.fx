// a groupshared variable cannot have an initialiser, X3009 (parser::parse_variable)
#include "../case.fxh"
groupshared float G = 1;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
