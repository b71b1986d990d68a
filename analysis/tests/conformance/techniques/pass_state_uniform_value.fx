// A uniform is no constant: ReShade's pass states take literal values only (X3011).
uniform bool UseBlend = true;
float4 VS(uint id : SV_VertexID) : SV_Position { return 0; }
float4 PS(float4 p : SV_Position) : SV_Target { return 1.0; }
technique T
{
    pass
    {
        VertexShader = VS;
        PixelShader = PS;
        BlendEnable = UseBlend;
    }
}
