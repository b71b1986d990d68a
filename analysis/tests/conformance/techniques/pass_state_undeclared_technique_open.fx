// a technique left open (a broken pass swallowed its '}') keeps the passes read: the undeclared PixelShader is reported on its line (X3501) before the syntax error after it, as ReShade checks states as it reads them
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
        PixelShader = nope

bool Crop(float2 uv)
{ PS;
    }
}
