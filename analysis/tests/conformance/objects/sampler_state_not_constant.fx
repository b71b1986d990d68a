// a uniform sampler state value is X3538 (parse_variable)
#include "../case.fxh"
uniform int U = 1;
sampler2D S { Texture = CaseTex; AddressU = U; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
