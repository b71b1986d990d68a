// A `texture1D` as a render target: ReShade takes only 2D textures there.
texture1D Line { Width = 16; };
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
