// a preprocessor error after #line N "name" is reported in the named file (preprocessor::error takes the lexer's location)
#include "../case.fxh"
#line 40 "renamed.fx"
#error "stop"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
