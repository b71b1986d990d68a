// a texture takes no element type: texture2D<uint4> is a syntax error at the < (accept_type_class)
#include "../case.fxh"
texture2D<uint4> T { Width = 4; Height = 4; Format = R32U; };
float4 PS(float4 pos : SV_Position) : SV_Target { return 0; }
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
