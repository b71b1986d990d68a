// Uniform packing across every type and array: each value lands in a float render target,
// exactly, so a member at a wrong offset shows as a wrong texel. No bool vectors: ReShade's
// SPIR-V for any use of one fails spirv-val (it compares the uint3 it stores with a scalar 0).
uniform float U_f = 1.5;
uniform float2 U_f2 = float2(2.25, -3.5);
uniform float3 U_f3 = float3(4.0, 5.0, 6.0);
uniform float4 U_f4 = float4(7.0, 8.0, 9.0, 10.0);
uniform int U_i = -11;
uniform int2 U_i2 = int2(12, -13);
uniform int3 U_i3 = int3(14, 15, -16);
uniform uint U_u = 17;
uniform uint4 U_u4 = uint4(18, 19, 20, 21);
uniform bool U_b = true;
uniform float2x2 U_m22 = float2x2(22, 23, 24, 25);
uniform float3x3 U_m33 = float3x3(26, 27, 28, 29, 30, 31, 32, 33, 34);
uniform float4x4 U_m44 = float4x4(35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50);
uniform float2x3 U_m23 = float2x3(51, 52, 53, 54, 55, 56);
uniform float U_af[3] = { 57.0, 58.0, 59.0 };
uniform float2 U_af2[2] = { float2(60, 61), float2(62, 63) };
uniform int U_ai[2] = { 64, -65 };
uniform float2x2 U_am22[2] = { float2x2(67, 68, 69, 70), float2x2(71, 72, 73, 74) };
uniform float2x3 U_am23[2] = { float2x3(75, 76, 77, 78, 79, 80), float2x3(81, 82, 83, 84, 85, 86) };
uniform float U_last = 66.0;

texture TA { Width = 8; Height = 4; Format = RGBA32F; };

void VS(uint id : SV_VertexID, out float4 pos : SV_Position, out float2 uv : TEXCOORD)
{
    uv = float2((id == 2) ? 2.0 : 0.0, (id == 1) ? 2.0 : 0.0);
    pos = float4(uv * float2(2.0, -2.0) + float2(-1.0, 1.0), 0.0, 1.0);
}

// Texel (x, y) of the 8x4 target shows value number y * 8 + x (four per texel).
float4 PS(float4 pos : SV_Position) : SV_Target
{
    int k = int(pos.y) * 8 + int(pos.x);
    float4 v = 0;
    if (k == 0) v = float4(U_f, U_f2, U_last);
    if (k == 1) v = float4(U_f3, U_i);
    if (k == 2) v = U_f4;
    if (k == 3) v = float4(U_i2, U_i3.xy);
    if (k == 4) v = float4(U_i3.z, U_u, U_u4.xy);
    if (k == 5) v = float4(U_u4.zw, U_b ? 1.0 : 0.0, U_b ? -2.0 : 3.0);
    if (k == 6) v = float4(U_m22[0], U_m22[0].yx * 2.0);
    if (k == 7) v = float4(U_m22[1], U_m33[0].xy);
    if (k == 8) v = float4(U_m33[0].z, U_m33[1]);
    if (k == 9) v = float4(U_m33[2], U_m23[0].x);
    if (k == 10) v = U_m44[0];
    if (k == 11) v = U_m44[1];
    if (k == 12) v = U_m44[2];
    if (k == 13) v = U_m44[3];
    if (k == 14) v = float4(U_m23[0].yz, U_m23[1].xy);
    if (k == 15) v = float4(U_m23[1].z, U_af[0], U_af[1], U_af[2]);
    if (k == 16) v = float4(U_af2[0], U_af2[1]);
    if (k == 17) v = float4(U_ai[0], U_ai[1], mul(U_m22, float2(1, 2)));
    if (k == 18) v = float4(mul(float3(1, 2, 3), U_m33), 0);
    if (k == 19) v = mul(U_m44, float4(1, 0, -1, 2));
    if (k == 20) v = float4(U_am22[0][0], U_am22[0][1]);
    if (k == 21) v = float4(U_am22[1][0], U_am22[1][1]);
    if (k == 22) v = float4(U_am23[0][0], U_am23[0][1].x);
    if (k == 23) v = float4(U_am23[0][1].yz, U_am23[1][0].xy);
    if (k == 24) v = float4(U_am23[1][0].z, U_am23[1][1]);
    // A variable index, and the products.
    int j = k - 24;
    if (k == 25) v = float4(U_am22[j][1], mul(U_am22[j], float2(1, 2)));
    if (k == 26) v = float4(mul(float2(1, -1), U_am23[j - 1]), U_am23[j - 1]._m12);
    return v;
}

technique Uniforms
{
    pass Pack { VertexShader = VS; PixelShader = PS; RenderTarget = TA; }
}
