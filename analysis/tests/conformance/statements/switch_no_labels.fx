// a switch without labels warns X5002 (parse_statement)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    int i = (int)(uv.x * 4);
    switch (i) { }
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
