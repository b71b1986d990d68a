// every stencil comparison name (parse_technique_pass)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; StencilEnable = true; StencilFunc = NEVER; } pass { VertexShader = CaseVS; PixelShader = PS; StencilEnable = true; StencilFunc = EQUAL; } pass { VertexShader = CaseVS; PixelShader = PS; StencilEnable = true; StencilFunc = NEQUAL; } pass { VertexShader = CaseVS; PixelShader = PS; StencilEnable = true; StencilFunc = LESS; } pass { VertexShader = CaseVS; PixelShader = PS; StencilEnable = true; StencilFunc = GREATER; } pass { VertexShader = CaseVS; PixelShader = PS; StencilEnable = true; StencilFunc = LEQUAL; } pass { VertexShader = CaseVS; PixelShader = PS; StencilEnable = true; StencilFunc = GEQUAL; } pass { VertexShader = CaseVS; PixelShader = PS; StencilEnable = true; StencilFunc = GREATEREQUAL; } pass { VertexShader = CaseVS; PixelShader = PS; StencilEnable = true; StencilFunc = ALWAYS; } }
