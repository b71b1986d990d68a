// an int texcoord input is nointerpolation by default, warning X4568 (parse_function)
#include "../case.fxh"
void VS(uint id : SV_VertexID, out float4 pos : SV_Position, out int k : TEXCOORD1) { pos = 0; k = 1; }
float4 PS2(float4 pos : SV_Position, int k : TEXCOORD1) : SV_Target { return k; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = VS; PixelShader = PS2; } }
