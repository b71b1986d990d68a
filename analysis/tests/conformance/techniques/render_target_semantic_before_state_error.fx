// A texture with a semantic as a render target, then a pass state value that is no name
// ReShade knows: ReShade reports both where it parses the pass, the render target first.
#include "ReShade.fxh"
float4 PS(float4 p : SV_Position, float2 uv : TEXCOORD) : SV_Target { return 1.0; }
technique T
{
    pass
    {
        VertexShader = PostProcessVS;
        PixelShader = PS;
        RenderTarget = ReShade::BackBufferTex;
    }
    pass
    {
        VertexShader = PostProcessVS;
        PixelShader = PS;
        BlendEnable = true;
        SrcBlend = SOURCEALPHA;
    }
}
