// ReShade.fxh is found in the include path (preprocessor::parse_include)
#include "../case.fxh"
#include "ReShade.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return tex2D(ReShade::BackBuffer, uv);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
