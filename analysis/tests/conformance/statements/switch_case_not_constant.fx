// a case label that is not constant is X3020 (parse_statement)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    int i = (int)(uv.x * 4);
    int j = 1;
    float a = 0;
    switch (i) { case j: a = 1; break; }
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
