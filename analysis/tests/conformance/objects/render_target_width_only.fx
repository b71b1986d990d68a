// A texture given only a width is 2D in ReShade (its height is 1): a render target.
texture Line { Width = 16; };
float4 VS(uint id : SV_VertexID) : SV_Position { return 0; }
float4 PS(float4 p : SV_Position) : SV_Target { return 1.0; }
technique T
{
    pass
    {
        VertexShader = VS;
        PixelShader = PS;
        RenderTarget = Line;
    }
}
