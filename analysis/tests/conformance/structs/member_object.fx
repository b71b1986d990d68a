// a sampler member (parse_struct)
#include "../case.fxh"
struct S { sampler2D s; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
