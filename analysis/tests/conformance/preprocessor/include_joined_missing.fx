// an #include whose file name after a line join does not exist
#include "../case.fxh"
#include \
"no_such_file.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0.0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
