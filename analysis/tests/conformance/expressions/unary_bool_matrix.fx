// ~ and - on a bool matrix work on the integers 0 and 1 and give bools again, row by row
#include "../case.fxh"
float4 PS(float4 pos : SV_Position) : SV_Target
{
    bool2x3 a = ~bool2x3(false, false, false, false, false, true);
    bool2x2 b = -bool2x2(true, false, false, true);
    return a[1][2] + b[0][0];
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
