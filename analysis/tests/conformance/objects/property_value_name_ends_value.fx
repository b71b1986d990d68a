// a value name in an object's block is the whole value, as in a pass: an operator after it is a syntax error
#include "../case.fxh"
sampler S2 { Texture = CaseTex; AddressU = CLAMP | 1; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target { return tex2D(S2, uv); }
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
