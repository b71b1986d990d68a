// an undeclared shader name whose ; is missing is reported on its line, before the syntax error on the next (parse_technique_pass looks the name up as it reads it)
#include "case.fxh"
float4 PS(float4 p : SV_Position) : SV_Target { return 0; }
technique T
{
    pass
    {
        VertexShader = CaseVSx
        PixelShader = PS;
    }
}
