// #pragma reads the rest of its line as its arguments
#include "../case.fxh"
#pragma once junk
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
