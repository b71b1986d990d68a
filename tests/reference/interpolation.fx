// Interpolation modifiers on float varyings, as parameters and as struct members: ReShade's
// module decorates `nointerpolation` ones `Flat` (the first vertex's value over the triangle)
// and `noperspective` ones `NoPerspective`; `linear` is the default.
float2 uv_to_clip(float2 uv) { return uv * float2(2.0, -2.0) + float2(-1.0, 1.0); }

struct V2P
{
    float4 pos : SV_Position;
    float2 uv : TEXCOORD0;
    nointerpolation float4 flat : TEXCOORD1;
    noperspective float2 screen : TEXCOORD2;
    linear float2 smooth : TEXCOORD3;
};

V2P StructVS(in uint id : SV_VertexID)
{
    V2P o;
    o.uv = float2((id == 2) ? 2.0 : 0.0, (id == 1) ? 2.0 : 0.0);
    // A w other than 1 at one vertex, so that perspective and screen-space interpolation differ.
    float w = (id == 2) ? 2.0 : 1.0;
    o.pos = float4(uv_to_clip(o.uv) * w, 0.0, w);
    o.flat = float4(o.uv.x * 0.25 + 0.1, o.uv.y * 0.25 + 0.2, 0.5, 1.0);
    o.screen = o.uv * 0.5;
    o.smooth = o.uv * 0.25;
    return o;
}

float4 StructPS(V2P i) : SV_Target
{
    return float4(i.flat.xy, i.screen.x, i.smooth.y);
}

void ParamVS(in uint id : SV_VertexID, out float4 pos : SV_Position, out float2 uv : TEXCOORD0, out nointerpolation float3 f : TEXCOORD1, out noperspective float2 s : TEXCOORD2)
{
    uv = float2((id == 2) ? 2.0 : 0.0, (id == 1) ? 2.0 : 0.0);
    float w = (id == 1) ? 3.0 : 1.0;
    pos = float4(uv_to_clip(uv) * w, 0.0, w);
    f = float3(uv * 0.125 + 0.25, 0.75);
    s = uv.yx * 0.375;
}

float4 ParamPS(float4 pos : SV_Position, float2 uv : TEXCOORD0, nointerpolation float3 f : TEXCOORD1, noperspective float2 s : TEXCOORD2) : SV_Target
{
    return float4(f.xy, s) * 0.5;
}

technique Interpolation
{
    pass { VertexShader = StructVS; PixelShader = StructPS; }
    pass { VertexShader = ParamVS; PixelShader = ParamPS; BlendEnable = true; SrcBlend = ONE; DestBlend = ONE; }
}
