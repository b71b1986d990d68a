// a preprocessor error anywhere stops the compile before parsing: a syntax error above it is never reported (runtime.cpp: effect.preprocessed)
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return 0 +;
}
#endif
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
