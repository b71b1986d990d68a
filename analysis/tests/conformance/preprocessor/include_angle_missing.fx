// #include <file> is an error before any file is looked for
#include "../case.fxh"
#include <nothere.fxh>
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
