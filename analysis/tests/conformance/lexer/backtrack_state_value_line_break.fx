// a pass state's value that is no value name is read again as an expression: its line break is counted twice
#include "../case.fxh"
static const int Op = 1;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target { return 1; }
technique T
{
    pass
    {
        VertexShader = CaseVS;
        PixelShader = PS;
        BlendEnable = true;
        BlendOp = Op
            ;
        SrcBlend = Missing;
    }
}
