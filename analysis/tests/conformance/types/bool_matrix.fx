// bool2x2 locals (parser::accept_type_class)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    bool2x2 a = bool2x2(true, false, false, true);
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
