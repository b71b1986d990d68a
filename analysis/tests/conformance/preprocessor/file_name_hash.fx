// __FILE_NAME_HASH__ is a number (a hash of the file's name) that `defined` does not know
// (preprocessor::evaluate_identifier_as_macro, is_defined)
#include "../case.fxh"
#if defined(__FILE_NAME_HASH__)
#error "defined knows __FILE_NAME_HASH__"
#endif
static const uint H = __FILE_NAME_HASH__;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return H > 0u;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
