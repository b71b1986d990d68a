// a texture declared twice is X3003 (insert_symbol)
#include "../case.fxh"
texture2D T { Width = 4; Height = 4; };
texture2D T { Width = 8; Height = 8; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
