// An intrinsic call as a texture property's value: X3005, the call outside a function
#include "../case.fxh"
texture T0 { Width = abs(2); Height = 2; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
