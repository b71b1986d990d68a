// a case label folded from constants (parse_statement)
#include "../case.fxh"
static const int K = 2;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    int i = (int)(uv.x * 4);
    float a = 0;
    switch (i) { case K + 1: a = 1; break; case K * 2: a = 2; break; }
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
