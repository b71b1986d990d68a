// a vector texture size is X3538 (parse_variable)
#include "../case.fxh"
texture2D T { Width = int2(4, 4); Height = 4; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
