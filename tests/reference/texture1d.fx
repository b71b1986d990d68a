// A 1D texture: ReShade's module declares a 1D image, which fxbench's 2D view of the texture
// cannot stand in for (the reference run refuses it instead of handing it to the driver).
texture1D T { Width = 4; };
sampler1D S { Texture = T; };

void VS(uint id : SV_VertexID, out float4 pos : SV_Position, out float2 uv : TEXCOORD)
{
    uv = float2((id == 2) ? 2.0 : 0.0, (id == 1) ? 2.0 : 0.0);
    pos = float4(uv * float2(2.0, -2.0) + float2(-1.0, 1.0), 0.0, 1.0);
}

float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target
{
    return tex1D(S, uv.x);
}

technique OneD { pass { VertexShader = VS; PixelShader = PS; } }
