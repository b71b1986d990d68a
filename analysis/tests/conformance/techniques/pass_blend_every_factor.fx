// every blend factor name (parse_technique_pass)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; BlendEnable = true; SrcBlend = SRCCOLOR; DestBlend = INVSRCCOLOR; SrcBlendAlpha = DESTALPHA; DestBlendAlpha = INVDESTALPHA; } pass { VertexShader = CaseVS; PixelShader = PS; BlendEnable = true; SrcBlend = DESTCOLOR; DestBlend = INVDESTCOLOR; BlendOp = SUBTRACT; BlendOpAlpha = REVSUBTRACT; } pass { VertexShader = CaseVS; PixelShader = PS; BlendEnable = true; BlendOp = MIN; } }
