// a vertex shader returning its position (parse_function)
#include "../case.fxh"
float4 VS(uint id : SV_VertexID) : SV_Position { return float4(id == 2 ? 3 : -1, id == 1 ? -3 : 1, 0, 1); }
float4 PS2(float4 pos : SV_Position) : SV_Target { return 1; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = VS; PixelShader = PS2; } }
