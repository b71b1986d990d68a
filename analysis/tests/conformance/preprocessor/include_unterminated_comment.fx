// a block comment open at the end of an included file ends with that file (each file is lexed on its own)
#include "../case.fxh"
#include "unterminated_comment_header.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return HEADER_VALUE;
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
