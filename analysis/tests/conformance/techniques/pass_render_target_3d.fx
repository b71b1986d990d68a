// a 3D render target is X3020 (parse_technique_pass)
#include "../case.fxh"
texture3D RT { Width = 4; Height = 4; Depth = 4; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; RenderTarget = RT; } }
