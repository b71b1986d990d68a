// a pixel shader taking and returning structs (parse_technique_pass)
#include "../case.fxh"
struct In { float4 pos : SV_Position; float2 uv : TEXCOORD0; };
struct Out { float4 color : SV_Target; };
Out PS2(In i) { Out o; o.color = float4(i.uv, 0, 1); return o; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS2; } }
