// ReShade reads an enumeration name as the value of any pass state, in any letter case (its
// table is not per state): `ClearRenderTargets = one` and `SRGBWriteEnable = One` are 1.
float4 VS(uint id : SV_VertexID) : SV_Position { return 0; }
float4 PS(float4 p : SV_Position) : SV_Target { return 1.0; }
technique T
{
    pass
    {
        VertexShader = VS;
        PixelShader = PS;
        ClearRenderTargets = one;
        SRGBWriteEnable = One;
        BlendOp = add;
    }
}
