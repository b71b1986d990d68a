// a local string variable (parser::accept_type_class)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    string s = "text";
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
