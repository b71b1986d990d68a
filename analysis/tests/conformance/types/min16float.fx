// min16float is a type (parser::accept_type_class)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    min16float a = 1.0;
    min16float3 b = a;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
