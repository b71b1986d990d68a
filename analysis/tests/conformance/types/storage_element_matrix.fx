// a storage element type cannot be a matrix, X3521 (parser::accept_type_class)
#include "../case.fxh"
storage2D<float2x2> S { Texture = CaseTex; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
