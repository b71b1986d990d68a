// a uint case label (parse_statement)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    uint i = (uint)(uv.x * 4);
    float a = 0;
    switch (i) { case 1u: a = 1; break; }
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
