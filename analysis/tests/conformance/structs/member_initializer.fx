// a member with an initialiser (parse_struct)
#include "../case.fxh"
struct S { float x = 1; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
