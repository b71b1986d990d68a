// A pass state named like a function, given a texture: ReShade reads the value as an
// expression, which is no constant (error X3011 where the pass is parsed). The later error (an
// entry point that is a texture) must not hide it: ReShade reports this one first.
texture Tex { Width = 4; Height = 4; };
texture Tex2 { Width = 4; Height = 4; };
float4 VS(uint id : SV_VertexID) : SV_Position { return 0; }
void PS2(float4 p : SV_Position, out float4 c : SV_Target0) { c = 1.0; }
void PS3(float4 p : SV_Position, out float4 c : SV_Target0) { c = 1.0; }
technique T
{
    pass{VertexShader = VS; PixelShader = PS2; RenderTarget0 = Tex;
        PS3 = Tex2;
    }
    pass
    {
        VertexShader = VS;
        PixelShader = Tex;
    }
}
