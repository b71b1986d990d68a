// `out` and `inout` arguments that share a variable: ReShade copies each argument in, and each
// back in parameter order after the call, so the last parameter's value stands (the same
// variable twice, a vector and its component, an array and its element, in both orders).
void F(inout float r, inout float acc) { r = 0.25; acc += 0.5; }
void G(out float r, inout float acc) { acc += 0.5; r = 0.25; }
void V(inout float4 r, inout float acc) { r = float4(0.25, 0.5, 0.75, 1.0); acc += 0.5; }
void W(inout float acc, inout float4 r) { r = float4(0.25, 0.5, 0.75, 1.0); acc += 0.5; }
void A(inout float a[2], inout float b) { a[0] = 0.75; b *= 2.0; }

void VS(uint id : SV_VertexID, out float4 pos : SV_Position, out float2 uv : TEXCOORD)
{
    uv = float2((id == 2) ? 2.0 : 0.0, (id == 1) ? 2.0 : 0.0);
    pos = float4(uv * float2(2.0, -2.0) + float2(-1.0, 1.0), 0.0, 1.0);
}

float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target
{
    float v = uv.x * 0.125;
    F(v, v);
    float w = 0.125;
    G(w, w);
    float4 x = uv.y * 0.125;
    V(x, x.y);
    float4 y = 0.125;
    W(y.z, y);
    float a[2] = { 0.125, 0.25 };
    A(a, a[0]);
    return float4(v, w, a[0], a[1]) * 0.5 + x * 0.25 + y * 0.25;
}

technique OutArguments { pass { VertexShader = VS; PixelShader = PS; } }
