// a statement that starts with a type is a declaration (parse_statement), also before '(': float2(a).x++; is a syntax error at the '('
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float2 a = uv;
    float2(a).x++;
    return float4(a, 0, 0);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
