// a vertex shader returning a struct (parse_function)
#include "../case.fxh"
struct V { float4 pos : SV_Position; float2 uv : TEXCOORD0; };
V VS(uint id : SV_VertexID) { V v; v.uv = float2(id == 2 ? 2 : 0, id == 1 ? 2 : 0); v.pos = float4(v.uv * float2(2, -2) + float2(-1, 1), 0, 1); return v; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = VS; PixelShader = PS; } }
