// a shader state's name may start at the global scope (::CaseVS; accept_symbol)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target { return 0; }
technique T { pass {
    VertexShader = ::CaseVS;
    PixelShader = PS; } }
