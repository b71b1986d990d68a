// Module-scope constants taken from elements of constant vectors, matrices and arrays (ReShade
// folds them; `m[r][c]` is row r, column c). Found by probing by hand in session 21: an indexed
// constructor, and an array's elements inside an expression, were refused as "not constant".
static const float A = float3x3(1, 2, 3, 4, 5, 6, 7, 8, 9)[2][1];
static const float3 Row = float3x3(1, 2, 3, 4, 5, 6, 7, 8, 9)[1];
static const float V = float4(0.1, 0.2, 0.3, 0.4)[2];
static const int I = int2(5, 6)[1 + 0];
static const float K[3] = { 1, 2, 3 };
static const float Sum = K[0] + K[2];
static const float2 O[2] = { float2(1, 0), float2(0.25, 0.75) };
static const float Oy = O[1].y;
static const float Ox = O[1][0];
// An element as another's index (session 22): `J[J[0]]` was refused as "not constant".
static const int J[3] = { 1, 2, 0 };
static const int JJ = J[J[J[1]]];
static const float Vj = float3(0.5, 0.25, 0.125)[J[0]];

void VS(uint id : SV_VertexID, out float4 pos : SV_Position, out float2 uv : TEXCOORD)
{
    uv = float2((id == 2) ? 2.0 : 0.0, (id == 1) ? 2.0 : 0.0);
    pos = float4(uv * float2(2.0, -2.0) + float2(-1.0, 1.0), 0.0, 1.0);
}

float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target
{
    return float4(A / 16.0, Row.x / 8.0 + Row.z / 16.0, V + uv.x * 0.25, I / 8.0)
        * float4(Sum / 4.0, Oy, Ox * 4.0, 1.0 - JJ * Vj);
}

technique ConstantElements { pass { VertexShader = VS; PixelShader = PS; } }
