// an object property's number followed by '<' ends the value there
#include "../case.fxh"
texture2D T2 { Width = 16 < 8, 2 >; Height = 16; Format = RGBA8; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
