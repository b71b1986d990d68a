// tokens after the file name of #include are an error; the file is included all the same
#include "../case.fxh"
#include "../case.fxh" junk
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
