// a replacement starting with - gets a space before it (a-NEG is a - -1), any other joins what is before it: a+PLUS reads a++1, a syntax error (create_macro_replacement_list)
#include "../case.fxh"
#define NEG -1
#define PLUS +1
float4 PS(float4 pos : SV_Position) : SV_Target
{
    float a = 2;
    float b = a-NEG;
    float c = a+PLUS;
    return b + c;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
