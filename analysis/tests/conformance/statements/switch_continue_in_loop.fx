// continue inside a switch inside a loop (parse_statement)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float a = 0;
    for (int k = 0; k < 4; k++) { switch (k) { case 0: continue; default: break; } a += 1; }
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
