// an argument that starts on a new line keeps the line end in ReShade's text: `##` pastes nothing (fuzzing seed 61)
#include "../case.fxh"
float4 PS_y(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target { return 1; }
#define P(a) pass { VertexShader = CaseVS; PixelShader = PS_##a; }
technique T {
    P(
y)
}
