// an undeclared render target whose ; is missing is reported on its line, before the syntax error on the next (parse_technique_pass)
#include "case.fxh"
float4 PS(float4 p : SV_Position) : SV_Target { return 0; }
technique T
{
    pass
    {
        VertexShader = CaseVS; PixelShader = PS; RenderTarget = NoTex
        BlendEnable = true;
    }
}
