// qualifiers or attributes followed by ';' at file or namespace level are an empty declaration ReShade drops (found by fx_diff_fuzz, seed 16, in a corpus mutant: 'uniform ;int x')
#include "../case.fxh"
uniform ;int CaseU < ui_type = "drag"; > = 1;
static const ;
[numthreads(1, 1, 1)] ;
namespace N { uniform ; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return CaseU;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
