// an object property's value followed by '<' is a syntax error there (no thread counts)
#include "../case.fxh"
texture2D T2 { Width = 16; Height = 16; Format = RGBA8<
    ui_type = "slider";
    ui_label; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
