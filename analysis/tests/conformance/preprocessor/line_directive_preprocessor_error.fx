// a preprocessor error after #line is reported on the renumbered line (preprocessor::error)
#include "../case.fxh"
#line 40
#error "stop"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
