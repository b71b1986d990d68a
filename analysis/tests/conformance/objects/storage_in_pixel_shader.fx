// a storage written by a pixel shader is X3667 (parse_technique_pass)
#include "../case.fxh"
storage2D CaseStore { Texture = CaseTex; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    tex2Dstore(CaseStore, int2(0, 0), 1);
    return 0;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
