// a bool case label is an integer scalar (parse_statement)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    int i = (int)(uv.x * 4);
    float a = 0;
    switch (i) { case true: a = 1; break; }
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
