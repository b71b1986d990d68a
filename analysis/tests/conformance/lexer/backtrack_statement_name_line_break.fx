// a statement that starts with a name and a line break: every later line of the run is reported a line late
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float x;
    x
        = 1.0;
    x += Missing;
    return x;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
