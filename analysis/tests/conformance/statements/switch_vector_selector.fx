// a vector selector is X3019 (parse_statement)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float a = 0;
    switch (uv) { case 0: a = 1; break; }
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
