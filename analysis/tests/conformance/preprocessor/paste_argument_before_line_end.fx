// an argument that ends with a line end before its ')' keeps it: `a##_y` pastes nothing (fuzzing seed 61)
#include "../case.fxh"
float4 PS_y(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target { return 1; }
#define P(a) pass { VertexShader = CaseVS; PixelShader = a##_y; }
technique T {
    P(PS
)
}
