// noperspective on an integer is X4576 (parser::parse_type)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    noperspective int a = 1;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
