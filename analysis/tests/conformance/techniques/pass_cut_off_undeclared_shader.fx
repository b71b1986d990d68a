// a pass the file ends in: its undeclared shader is reported before the end of the file
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T
{
    pass
    {
        VertexShader = CaseVS;
        PixelShader = Post