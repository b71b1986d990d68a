// a body that begins with - gets a space before it: -N reads - -1.0 (create_macro_replacement_list)
#include "../case.fxh"
#define N -1.0
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float x = -N;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
