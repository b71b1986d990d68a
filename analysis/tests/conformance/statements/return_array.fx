// returning an array is X3017 (parse_statement)
#include "../case.fxh"
float F() { float a[2] = { 1, 2 }; return a; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
