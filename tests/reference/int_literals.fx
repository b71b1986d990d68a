// Integer literals past 2^31: ReShade keeps the low 32 bits of a literal's first 19 digits as an
// `int`, in module-scope constants (which WGSL must fold) as in code; and float constants past
// 2^31 made `int`s. (Fuzzing seed 61: a
// 400-digit width in a `static const float2` stopped lowering.)
static const float2 Wide = float2(99999999999, 3000000000);
static const int Min = 2147483648;
static const int Long = 999999999999999999999999999999999999999999;
// A float constant no int holds: ReShade folds it to the smallest int (x86's "integer
// indefinite"), where WGSL would saturate it.
static const int Indefinite = (int)1e10;

void VS(uint id : SV_VertexID, out float4 pos : SV_Position, out float2 uv : TEXCOORD)
{
    uv = float2((id == 2) ? 2.0 : 0.0, (id == 1) ? 2.0 : 0.0);
    pos = float4(uv * float2(2.0, -2.0) + float2(-1.0, 1.0), 0.0, 1.0);
}

float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target
{
    int local = 4294967295;
    float4 c;
    c.r = frac(abs(Wide.x) * 1e-9) * uv.x;
    c.g = (Wide.y < 0.0 ? 0.75 : 0.25) + frac(abs(Wide.y) * 1e-9) * 0.2;
    c.b = (Min < 0 ? 0.5 : 0.0) + (local == -1 ? 0.25 : 0.0);
    c.a = frac(abs(float(Long)) * 1e-6) * 0.5 + (Indefinite == -2147483647 - 1 ? 0.25 : 0.0)
        + ((int)-3e9 < 0 ? 0.125 : 0.0);
    return c;
}

technique IntLiterals { pass { VertexShader = VS; PixelShader = PS; } }
