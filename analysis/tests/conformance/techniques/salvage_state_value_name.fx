// a pass state's value name is no expression: nothing of it is checked before the syntax error
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target { return 1; }
technique T
{
    pass
    {
        VertexShader = CaseVS;
        PixelShader = PS;
        BlendEnable = true;
        SrcBlend = SRCALPHA |
            ;
    }
}
