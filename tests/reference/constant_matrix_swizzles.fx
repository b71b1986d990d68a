// Swizzles of constant matrices, as ReShade folds them: the cell `row * 4 + col` of the values in
// row-major order (zero past them), which is the cell named only with four columns. Every back
// end of ReShade's gets the folded value; a matrix that is no constant is read as named. Found by
// probing by hand in session 21.
static const float3x3 M = float3x3(1, 2, 3, 4, 5, 6, 7, 8, 9);
static const float A = M._m12;
static const float B = float3x3(1, 2, 3, 4, 5, 6, 7, 8, 9)._m21;
static const float2x3 N = float2x3(1, 2, 3, 4, 5, 6);
static const float4x4 F = float4x4(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16);

void VS(uint id : SV_VertexID, out float4 pos : SV_Position, out float2 uv : TEXCOORD)
{
    uv = float2((id == 2) ? 2.0 : 0.0, (id == 1) ? 2.0 : 0.0);
    pos = float4(uv * float2(2.0, -2.0) + float2(-1.0, 1.0), 0.0, 1.0);
}

float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target
{
    float3x3 L = M;
    float4 c = float4(A, L._m12, M._m12, M[1][2]) / 16.0;
    c += float4(B, N._m10, N._m01_m11.y, float2x2(1, 2, 3, 4)._m11) / 64.0;
    c += float4(F._m23, F._34, F._m30_m31.y, uv.x) / 64.0;
    return c;
}

technique ConstantMatrixSwizzles { pass { VertexShader = VS; PixelShader = PS; } }
