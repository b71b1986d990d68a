// a sampler property's value name written with `::` is looked up among the effect's symbols,
// as any scoped name: `::POINT` is an undeclared identifier (fuzzing seed 61)
#include "../case.fxh"
sampler2D Samp { Texture = CaseTex; MagFilter = ::POINT; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target { return tex2D(Samp, uv); }
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
