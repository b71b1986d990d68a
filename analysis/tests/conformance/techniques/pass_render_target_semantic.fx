// a render target with a semantic is X3020 (parse_technique_pass)
#include "../case.fxh"
texture2D BackBufferTex : COLOR;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; RenderTarget = BackBufferTex; } }
