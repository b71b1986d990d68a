// an unknown type is looked up as it is read: its error comes before the syntax error of the declaration
#include "../case.fxh"
UnknownType
{
    Texture = CaseTex;
};
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target { return 1; }
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
