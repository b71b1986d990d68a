// an entry point named main (parse_function)
#include "../case.fxh"
float4 main(float4 pos : SV_Position) : SV_Target { return 1; }
technique T2 { pass { VertexShader = CaseVS; PixelShader = main; } }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
