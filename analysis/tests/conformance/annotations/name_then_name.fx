// an annotation name followed by another name: no type prefix (not a type), the '=' is missing
#include "../case.fxh"
uniform float2 Offset <
    ui_label Letterbox
    {
        SRGBWriteEnable == "Offset";
    ui_max = 1.0;
> = float2(0.0, 0.0);
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return Offset.x;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
