// assigning a texture is X3025 (parse_expression_assignment)
#include "../case.fxh"
texture2D T2 { Width = 4; Height = 4; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    T2 = CaseTex;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
