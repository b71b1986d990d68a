// a local storage is X3038 (parse_variable)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    storage2D s;
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
