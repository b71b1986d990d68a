// semantics in lower case (parse_function)
#include "../case.fxh"
float4 PS2(float4 pos : sv_position, float2 uv : texcoord0) : sv_target { return uv.xyxy; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS2; } }
