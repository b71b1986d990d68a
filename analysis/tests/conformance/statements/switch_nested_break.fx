// break inside a loop inside a case (parse_statement)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    int i = (int)(uv.x * 4);
    float a = 0;
    switch (i) { case 0: for (int k = 0; k < 2; k++) { if (k == 1) break; a += 1; } break; }
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
