// blanks before and after an argument on its own line are dropped: `##` pastes (the line end case's twin)
#include "../case.fxh"
float4 PS_y(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target { return 1; }
#define P(a, b) pass { VertexShader = CaseVS; PixelShader = a##b; }
technique T {
    P(  PS_  ,   y  )
}
