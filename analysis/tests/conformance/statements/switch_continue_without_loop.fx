// continue inside a switch without a loop is X3519 (parse_statement)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    int i = (int)(uv.x * 4);
    switch (i) { case 0: continue; default: break; }
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
