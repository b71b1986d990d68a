// an #include whose file name is on the next line, after a line join
#include "../case.fxh"
#include \
"ReShade.fxh"
#include \
    \
  "included.fxh" \

float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return tex2D(ReShade::BackBuffer, uv);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
