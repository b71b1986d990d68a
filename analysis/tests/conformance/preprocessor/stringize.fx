// # turns an argument into a string (preprocessor::create_macro_replacement_list)
#include "../case.fxh"
#define LABEL(x) < string ui_label = #x; >
uniform float U LABEL(Strength) = 1;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return U;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
