// #define __LINE__ is taken and changes nothing: __LINE__ is still the line (preprocessor::evaluate_identifier_as_macro)
#include "../case.fxh"
#define __LINE__ 1
#if __LINE__ == 1
#error "__LINE__ took the defined value"
#endif
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
