// a cast of a scalar to a vector assigned to ((float2)f = uv): ReShade's front end keeps it writable as the swizzle f.xx (add_cast_operation), but its HLSL and GLSL write 'f.xx = uv' (a repeated component) and its SPIR-V stores a vector to a scalar: no back end compiles it
#include "../case.fxh"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float f = uv.x;
    (float2)f = uv;
    return float4(f, 0, 0, 0);
}
technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }
