// a pass without a pixel shader whose later state is wrong: the state's error first
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T
{
    pass P
    {
        VertexShader = CaseVS;
        BlendOp = NOSUCHOP;
    }
}
