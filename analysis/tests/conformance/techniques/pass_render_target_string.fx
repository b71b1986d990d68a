// RenderTarget takes a texture name, never a string: a syntax error at the value (parse_technique_pass)
#include "../case.fxh"
texture2D Target { Width = 16; Height = 16; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target { return 0; }
technique T { pass {
    VertexShader = CaseVS;
    PixelShader = PS;
    RenderTarget0 = "Target"; } }
