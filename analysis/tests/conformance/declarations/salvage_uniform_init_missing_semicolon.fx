// a uniform's value read whole is checked before the missing ';'
#include "../case.fxh"
uniform float X <
    ui_type = "slider";
> = Missing
uniform float Y;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target { return Y; }
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
