// a property value read whole is checked before the missing ';' after it
#include "../case.fxh"
sampler S2 { Texture = CaseTex; AddressV = BORDERx
};
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target { return tex2D(S2, uv); }
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
