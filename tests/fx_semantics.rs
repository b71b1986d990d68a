//! ReShade FX semantics on the GPU: for each conversion class and each intrinsic group, a small
//! FX function is run for every pixel of a 16×16 frame (through the real path: front end →
//! WGSL → engine) and its result compared with the same maths done here on the CPU.
//!
//! Each case defines `float4 Case(int2 p, float2 uv)`; `p` is the pixel, `uv` its centre in 0..1.
//! Cases keep their values in 0..1 and use dyadic constants (exact in binary), so the only
//! expected difference is the 8-bit store: the tolerance is 1 step of 255 per channel, while a
//! wrong semantics (rounding instead of truncation, the wrong `mul` order, a short-circuited
//! side effect) moves a value by several steps.

#![allow(clippy::unwrap_used)]

mod common;

use app::session::document::Document;
use common::*;
use engine::testing;

const SIZE: u32 = 16;

/// The input frame: red = x/15, green = y/15, blue = a checker pattern, alpha 1.
fn input_image() -> engine::RgbaImage {
    let mut pixels = Vec::new();
    for y in 0..SIZE {
        for x in 0..SIZE {
            let checker = if (x + y) % 2 == 0 { 64 } else { 192 };
            pixels.extend([(x * 17) as u8, (y * 17) as u8, checker, 255]);
        }
    }
    engine::RgbaImage {
        width: SIZE,
        height: SIZE,
        pixels,
    }
}

struct Case {
    name: &'static str,
    /// FX code defining `float4 Case(int2 p, float2 uv)` (and anything it needs).
    code: &'static str,
    /// The expected value at pixel (x, y), given the input frame.
    expected: fn(i32, i32, &FloatImage) -> [f32; 4],
}

/// The effect for a case: its code, and a technique running `Case` over the frame unless the
/// code brings its own (cases that render into a texture first).
fn effect_text(code: &str) -> String {
    if code.contains("technique ") {
        return format!("#include \"ReShade.fxh\"\n{code}\n");
    }
    format!(
        "#include \"ReShade.fxh\"\n{code}\n\
         float4 SemanticsPS(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target\n\
         {{ return Case(int2(pos.xy), uv); }}\n\
         technique Semantics {{ pass {{ VertexShader = PostProcessVS; PixelShader = SemanticsPS; }} }}\n"
    )
}

/// Runs every case; returns one line per failing case (compile error or the worst pixel).
fn run_cases(ctx: &engine::GpuContext, cases: &[Case]) -> Vec<String> {
    // One folder per test (tests run in parallel), named after its first case.
    let first = cases.first().map_or("none", |c| c.name);
    let dir = std::env::temp_dir().join(format!(
        "fxbench-fx-semantics-{}-{first}",
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let image = input_image();
    let input = FloatImage::from_rgba8(&image);
    let mut failures = Vec::new();
    for case in cases {
        let path = dir.join(format!("{}.fx", case.name));
        std::fs::write(&path, effect_text(case.code)).unwrap();
        let document = Document::with_effects(vec![path]);
        let compiled = document.compile((SIZE, SIZE));
        if compiled.has_errors() || compiled.effects.is_empty() {
            failures.push(format!(
                "{}: does not compile:\n{}",
                case.name,
                compiled.render_diagnostics()
            ));
            continue;
        }
        let mut chain =
            engine::EffectChain::new(ctx, compiled.effects, (SIZE, SIZE), &Default::default())
                .expect("chain builds");
        for key in chain.order().to_vec() {
            chain.set_enabled(key, true);
        }
        let actual = render(ctx, &mut chain, &image, 1);
        // (steps off, x, y, got, expected) of the worst pixel.
        type Miss = (u8, i32, i32, [u8; 4], [f32; 4]);
        let mut worst: Option<Miss> = None;
        for y in 0..SIZE as i32 {
            for x in 0..SIZE as i32 {
                let want = (case.expected)(x, y, &input);
                let got = actual.pixel(x as u32, y as u32);
                let diff = got
                    .iter()
                    .zip(want)
                    .map(|(&g, w)| g.abs_diff((w.clamp(0.0, 1.0) * 255.0).round() as u8))
                    .max()
                    .unwrap_or(0);
                if diff > 1 && worst.is_none_or(|w| diff > w.0) {
                    worst = Some((diff, x, y, got, want));
                }
            }
        }
        if let Some((diff, x, y, got, want)) = worst {
            let want8 = want.map(|w| (w.clamp(0.0, 1.0) * 255.0).round() as u8);
            failures.push(format!(
                "{}: {diff} steps off at ({x}, {y}): got {got:?}, expected {want8:?} ({want:?})",
                case.name
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    failures
}

fn check(cases: &[Case]) {
    let Some(ctx) = testing::gpu() else { return };
    let failures = run_cases(&ctx, cases);
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

fn sixteenths(v: [i32; 4]) -> [f32; 4] {
    v.map(|v| v as f32 / 16.0)
}

#[test]
fn conversions_follow_hlsl() {
    check(&[
        Case {
            name: "float_to_integer_truncates",
            code: "float4 Case(int2 p, float2 uv) {
                float v = (p.x - 8) * 0.75 + (p.y % 2) * 0.125;
                int i = v;
                uint u = abs(v);
                bool b = v;
                return float4((i + 8) / 16.0, u / 16.0, b, (int)(-v) / 16.0 + 0.5);
            }",
            expected: |x, y, _| {
                let v = (x - 8) as f32 * 0.75 + (y % 2) as f32 * 0.125;
                let b = if v != 0.0 { 1.0 } else { 0.0 };
                [
                    (v.trunc() + 8.0) / 16.0,
                    v.abs().trunc() / 16.0,
                    b,
                    (-v).trunc() / 16.0 + 0.5,
                ]
            },
        },
        Case {
            // ReShade's front end folds conversions of constants (`add_cast_operation`) and
            // every back end gets the folded value: a float goes to a bool or a uint through an
            // int, a uint to a float as an int. Code that runs converts as HLSL does (the case
            // above). ReShade's own SPIR-V for these agrees (docs/RESHADE_FX.md, "Semantic
            // fuzzing").
            name: "constant_conversions_fold_as_reshade",
            code: "float4 Case(int2 p, float2 uv) {
                float c = (float)~4u / 16.0 + 0.5;
                bool4 d = bool4(false, false, 0.7, true);
                uint e = (uint)-1.5;
                bool f = 2.5;
                return float4(c, d.z, (e >> 28) / 15.0, f);
            }",
            expected: |_, _, _| [0.1875, 0.0, 1.0, 1.0],
        },
        Case {
            name: "integer_division_truncates",
            code: "float4 Case(int2 p, float2 uv) {
                int a = p.x - 8;
                int b = p.y % 5 + 1;
                int n = -b;
                return float4((a / b + 8) / 16.0, (a % b + 8) / 16.0, (a / n + 8) / 16.0, (a % n + 8) / 16.0);
            }",
            expected: |x, y, _| {
                let (a, b) = (x - 8, y % 5 + 1);
                sixteenths([a / b + 8, a % b + 8, a / -b + 8, a % -b + 8])
            },
        },
        Case {
            name: "unsigned_arithmetic_wraps",
            code: "float4 Case(int2 p, float2 uv) {
                uint u = p.x;
                u -= 3u;
                int i = p.x - 8;
                uint mixed = (i + 5u) % 13u;
                return float4((u % 7u) / 7.0, (u >> 28) / 15.0, mixed / 13.0, ((u * 3u) % 5u) / 5.0);
            }",
            expected: |x, _, _| {
                let u = (x as u32).wrapping_sub(3);
                let mixed = ((x - 8) as u32).wrapping_add(5) % 13;
                [
                    (u % 7) as f32 / 7.0,
                    (u >> 28) as f32 / 15.0,
                    mixed as f32 / 13.0,
                    (u.wrapping_mul(3) % 5) as f32 / 5.0,
                ]
            },
        },
        Case {
            name: "splat_and_truncation",
            code: "static const int i = -7;
            float4 Case(int2 p, float2 uv) {
                float3 c = 0.25;
                c += p.x / 32.0;
                float4 w = float4(p.x, p.y, 3, 4) / 16.0;
                float2 t = w;
                float s = w;
                return float4(c.z, t.y, s, (i / 2) / 16.0 + 0.5);
            }",
            expected: |x, y, _| [0.25 + x as f32 / 32.0, y as f32 / 16.0, x as f32 / 16.0, 0.3125],
        },
        Case {
            name: "integer_then_float_division",
            code: "float4 Case(int2 p, float2 uv) {
                int i = p.x - 8;
                float whole = i / 2;
                float exact = i / 2.0;
                return float4(whole / 16.0 + 0.5, exact / 16.0 + 0.5, (p.x / 3) / 8.0, 1);
            }",
            expected: |x, _, _| {
                let i = x - 8;
                [
                    (i / 2) as f32 / 16.0 + 0.5,
                    i as f32 / 2.0 / 16.0 + 0.5,
                    (x / 3) as f32 / 8.0,
                    1.0,
                ]
            },
        },
        Case {
            name: "bool_vectors_and_logic",
            code: "float4 Case(int2 p, float2 uv) {
                bool3 m = int3(p.x, p.y, p.x + p.y) > 7;
                float3 f = m;
                bool both = p.x > 3 && p.y > 3;
                bool either = p.x > 12 || !(p.y > 2);
                return float4(f.x, f.z, any(m) * 0.5 + all(m) * 0.25, both * 0.5 + either * 0.25);
            }",
            expected: |x, y, _| {
                let b = |c: bool| if c { 1.0 } else { 0.0 };
                let m = [x > 7, y > 7, x + y > 7];
                [
                    b(m[0]),
                    b(m[2]),
                    b(m.iter().any(|&c| c)) * 0.5 + b(m.iter().all(|&c| c)) * 0.25,
                    b(x > 3 && y > 3) * 0.5 + b(x > 12 || y <= 2) * 0.25,
                ]
            },
        },
        Case {
            name: "ternary_selects_per_component",
            code: "float4 Case(int2 p, float2 uv) {
                float3 a = float3(p.x, p.y, 4) / 16.0;
                float3 r = a > 0.3 ? a : 1 - a;
                return float4(r, p.x > p.y ? 0.25 : 0.75);
            }",
            expected: |x, y, _| {
                let pick = |v: f32| if v > 0.3 { v } else { 1.0 - v };
                [
                    pick(x as f32 / 16.0),
                    pick(y as f32 / 16.0),
                    pick(0.25),
                    if x > y { 0.25 } else { 0.75 },
                ]
            },
        },
    ]);
}

#[test]
fn matrices_are_row_major() {
    check(&[
        Case {
            name: "mul_order",
            code: "float4 Case(int2 p, float2 uv) {
                float2x2 m = float2x2(1, 2, 3, 4) / 8.0;
                float2 v = float2(p.x, p.y) / 16.0;
                return float4(mul(m, v), mul(v, m));
            }",
            expected: |x, y, _| {
                let (vx, vy) = (x as f32 / 16.0, y as f32 / 16.0);
                [
                    (vx + 2.0 * vy) / 8.0,
                    (3.0 * vx + 4.0 * vy) / 8.0,
                    (vx + 3.0 * vy) / 8.0,
                    (2.0 * vx + 4.0 * vy) / 8.0,
                ]
            },
        },
        Case {
            name: "elements_rows_swizzles",
            code: "float4 Case(int2 p, float2 uv) {
                float3x3 m = float3x3(p.x, 1, 2, 3, 4, 5, 6, 7, p.y) / 16.0;
                // ReShade casts no matrix to a smaller one: built from swizzles instead.
                float2x2 small = float2x2(m._11_12, m._m10_m11);
                return float4(m._m00, m._12 + m[2].x, m[1][2] + small._22, small[1][0]);
            }",
            expected: |x, _, _| {
                let x = x as f32 / 16.0;
                [x, (1.0 + 6.0) / 16.0, (5.0 + 4.0) / 16.0, 3.0 / 16.0]
            },
        },
        Case {
            // `*` between a matrix and a vector is not `mul`: as in ReShade, both become the
            // smaller shape and the matrix gives its first components in row-major order.
            name: "matrix_times_vector_operator",
            code: "float4 Case(int2 p, float2 uv) {
                float3x3 m = float3x3(p.x, 1, 2, 3, 4, 5, 6, 7, p.y) / 16.0;
                float3x2 n = float3x2(1, 2, 3, 4, 5, 6) / 8.0;
                float3 v = float3(1, 2, 0.5);
                float3 a = m * v;
                float3 b = v * n;
                return float4(a.x, a.y + a.z, b.z, (m + float2(1, 0.5)).y);
            }",
            expected: |x, _, _| {
                let x = x as f32 / 16.0;
                // m's first row (x, 1, 2)/16 times v; n flattened: 1, 2, 3 (/8) times v.
                [
                    x,
                    2.0 / 16.0 + 1.0 / 16.0,
                    3.0 / 8.0 * 0.5,
                    1.0 / 16.0 + 0.5,
                ]
            },
        },
        Case {
            name: "transpose_determinant_matrix_products",
            code: "float4 Case(int2 p, float2 uv) {
                float2x2 a = float2x2(p.x, 1, 2, p.y) / 16.0;
                float2x2 b = float2x2(1, 0, 1, 1);
                float2x2 ab = mul(a, b);
                float2x2 t = transpose(a);
                return float4(t._12, determinant(a) * 8.0 + 0.5, ab._11, ab[0][1] * (a * 2)._22);
            }",
            expected: |x, y, _| {
                let (x, y) = (x as f32 / 16.0, y as f32 / 16.0);
                let (a00, a01, a10, a11) = (x, 1.0 / 16.0, 2.0 / 16.0, y);
                let det = a00 * a11 - a01 * a10;
                // ab = a * b with b = [[1, 0], [1, 1]]: row 0 = (a00 + a01, a01).
                [a10, det * 8.0 + 0.5, a00 + a01, a01 * (a11 * 2.0)]
            },
        },
    ]);
}

/// 2×2 integer matrices on the CPU, row-major: `m[row][column]`.
type I2x2 = [[i32; 2]; 2];

fn cells(f: impl Fn(usize, usize) -> i32) -> I2x2 {
    [[f(0, 0), f(0, 1)], [f(1, 0), f(1, 1)]]
}

fn matrix_product(a: I2x2, b: I2x2) -> I2x2 {
    cells(|i, j| a[i][0] * b[0][j] + a[i][1] * b[1][j])
}

#[test]
fn integer_matrices_are_row_major_arrays() {
    // ReShade accepts all of this (asked of its compiler); the uniform's value comes through
    // the uniform buffer row by row.
    check(&[Case {
        name: "integer_matrices",
        code: r#"static const int2x2 K = int2x2(1, 2, 3, 4);
uniform int2x2 U = int2x2(5, -6, 7, 8);
int2x2 Step(int2x2 m, inout int2x2 acc) { acc += m; return -m; }
float4 Case(int2 p, float2 uv) {
    int2x2 a = int2x2(p.x - 8, 3, p.y, -2);
    int2x2 b = int2x2(int2(2, p.x % 3 + 1), -5, 7);
    int2x2 s = a * b + a / b - a % b;
    int2 v = mul(int2(1, -2), a) + mul(a, int2(p.y, 1));
    int2x2 m = mul(a, b);
    int2x2 t = transpose(a);
    bool2x2 c = a < b;
    int2x2 bits = ((a << 2) >> 1) | (b ^ ~a) & K;
    uint2x2 u = (uint2x2)a;
    int2x2 acc = U;
    int2x2 n = Step(a, acc);
    acc._m10_m01 = int2(p.y, 9);
    acc[1][1] += K[p.x % 2][p.y % 2];
    float2x2 f = (float2x2)m * 0.5;
    int2x2 back = f;
    int r = s[0][0] + 3 * s[0][1] + 5 * s[1][0] + 7 * s[1][1];
    int g = v.x + 2 * v.y + 3 * m[0][1] + 5 * m[1][0] + 7 * m[1][1] + 11 * t[0][1];
    int bl = c[0][0] + 2 * c[0][1] + 4 * c[1][0] + 8 * c[1][1] + 16 * bits[0][0] + 3 * bits[1][1] + 5 * bits[0][1];
    int al = (int)(u[0][0] >> 27) + 3 * n[1][0] + 5 * acc[0][0] + 7 * acc[1][0] + 11 * acc[0][1] + 13 * acc[1][1] + 17 * back[0][0] + 19 * back[1][1];
    return float4(r & 63, g & 63, bl & 63, al & 63) / 64.0;
}"#,
        expected: |x, y, _| {
            let a: I2x2 = [[x - 8, 3], [y, -2]];
            let b: I2x2 = [[2, x % 3 + 1], [-5, 7]];
            let k: I2x2 = [[1, 2], [3, 4]];
            let s = cells(|i, j| a[i][j] * b[i][j] + a[i][j] / b[i][j] - a[i][j] % b[i][j]);
            let v = [
                a[0][0] - 2 * a[1][0] + a[0][0] * y + a[0][1],
                a[0][1] - 2 * a[1][1] + a[1][0] * y + a[1][1],
            ];
            let m = matrix_product(a, b);
            let t = cells(|i, j| a[j][i]);
            let c = cells(|i, j| i32::from(a[i][j] < b[i][j]));
            let bits = cells(|i, j| ((a[i][j] << 2) >> 1) | ((b[i][j] ^ !a[i][j]) & k[i][j]));
            let n = cells(|i, j| -a[i][j]);
            let mut acc = cells(|i, j| [[5, -6], [7, 8]][i][j] + a[i][j]);
            acc[1][0] = y;
            acc[0][1] = 9;
            acc[1][1] += k[(x % 2) as usize][(y % 2) as usize];
            let back = cells(|i, j| (m[i][j] as f32 * 0.5).trunc() as i32);
            let r = s[0][0] + 3 * s[0][1] + 5 * s[1][0] + 7 * s[1][1];
            let g = v[0] + 2 * v[1] + 3 * m[0][1] + 5 * m[1][0] + 7 * m[1][1] + 11 * t[0][1];
            let bl = c[0][0]
                + 2 * c[0][1]
                + 4 * c[1][0]
                + 8 * c[1][1]
                + 16 * bits[0][0]
                + 3 * bits[1][1]
                + 5 * bits[0][1];
            let al = ((a[0][0] as u32) >> 27) as i32
                + 3 * n[1][0]
                + 5 * acc[0][0]
                + 7 * acc[1][0]
                + 11 * acc[0][1]
                + 13 * acc[1][1]
                + 17 * back[0][0]
                + 19 * back[1][1];
            [r, g, bl, al].map(|v| (v & 63) as f32 / 64.0)
        },
    }]);
}

#[test]
fn uniform_arrays_of_matrices_arrive_row_by_row() {
    // ReShade accepts all three (asked of its compiler); `tests/reference/uniforms.fx` has the
    // float ones against ReShade's own SPIR-V. Each element's rows come through the uniform
    // buffer one 16-byte vector each, indexed here by constants and by the pixel.
    check(&[Case {
        name: "uniform_matrix_arrays",
        code: r#"uniform int2x3 UI[2] = { int2x3(1, 2, 3, 4, 5, 6), int2x3(7, 8, 9, 10, 11, 12) };
uniform bool2x2 UB[2] = { bool2x2(true, false, false, true), bool2x2(false, false, true, true) };
uniform float3x2 UF[3] = { float3x2(1, 2, 3, 4, 5, 6), float3x2(7, 8, 9, 10, 11, 12), float3x2(13, 14, 15, 16, 17, 18) };
float4 Case(int2 p, float2 uv) {
    int e = p.x % 2;
    int r = p.y % 2;
    int3 row = UI[e][r];
    int i = row.x + 2 * row.y + 3 * row.z + UI[1][0][2];
    int b = UB[e][r].x + 2 * UB[e][r].y + 4 * UB[1][1][0];
    float2 f = mul(float3(1, p.y % 3, -1), UF[p.x % 3]);
    return float4(i & 63, b, f.x + 16, f.y + 16) / 64.0;
}"#,
        expected: |x, y, _| {
            let ui = [[[1, 2, 3], [4, 5, 6]], [[7, 8, 9], [10, 11, 12]]];
            let ub = [[[1, 0], [0, 1]], [[0, 0], [1, 1]]];
            let uf =
                |e: i32, row: usize, col: usize| (e * 6 + row as i32 * 2 + col as i32 + 1) as f32;
            let (e, r) = ((x % 2) as usize, (y % 2) as usize);
            let row = ui[e][r];
            let i = row[0] + 2 * row[1] + 3 * row[2] + ui[1][0][2];
            let b = ub[e][r][0] + 2 * ub[e][r][1] + 4 * ub[1][1][0];
            let v = [1.0, (y % 3) as f32, -1.0];
            let m = x % 3;
            let f = [0, 1].map(|c| (0..3).map(|k| v[k] * uf(m, k, c)).sum::<f32>());
            [(i & 63) as f32, b as f32, f[0] + 16.0, f[1] + 16.0].map(|v| v / 64.0)
        },
    }]);
}

#[test]
fn out_arguments_convert_and_write_back_after_the_call() {
    // As ReShade's compiler writes it: an `out` argument of another type, a swizzle, an element
    // (its index stepped once), a matrix cell or a global goes through a temporary, converted
    // both ways and written back right after the call, before the rest of the expression reads
    // it; a loop condition with such a call runs it before every test.
    check(&[Case {
        name: "out_arguments",
        code: r#"void F(inout float x) { x += 1.5; }
void G(out int2 v) { v = int2(3, 4); }
float H(inout float3 v) { v *= 2; return v.x; }
float J(out float x) { x = 2.5; return 1; }
int Next(inout int x) { x += 1; return x; }
static float S = 0.25;
float4 Case(int2 p, float2 uv) {
    int i = p.x - 8;
    F(i);
    float2 f;
    G(f);
    float4 a[3] = { float4(1, 0, 0, 0), float4(2, 0, 0, 0), float4(3, 0, 0, 0) };
    int k = p.y % 3;
    float r = H(a[k++].xyz) + k;
    float4 v = float4(p.x, p.y, 1, 2) / 16;
    float q = H(v.zxw) * 2 + J(v.y) + v.y;
    float2x2 m = float2x2(1, 2, 3, 4);
    float z = J(m[1][0]) + J(m._m01) + m[1][0];
    int n = p.y;
    float w = J(n) + n;
    J(S);
    int cnt = 0;
    int2 c2 = int2(0, p.x);
    while (Next(c2.y) < 12) cnt++;
    return float4((i + 8 + f.x + f.y) / 32, (r + a[k - 1].x) / 32, (q + v.x + v.w + z + w) / 16, (cnt + S) / 16);
}"#,
        expected: |x, y, _| {
            let i = ((x - 8) as f32 + 1.5).trunc();
            let k0 = y % 3;
            let r = 2.0 * (k0 + 1) as f32 + (k0 + 1) as f32;
            let a_k = 2.0 * (k0 + 1) as f32;
            let (vx, vz, vw) = (2.0 * x as f32 / 16.0, 2.0 / 16.0, 4.0 / 16.0);
            let q = 2.0 * vz + 1.0 + 2.5;
            let (z, w) = (1.0 + 1.0 + 2.5, 1.0 + 2.0);
            let cnt = (11 - x).max(0) as f32;
            [
                (i + 8.0 + 3.0 + 4.0) / 32.0,
                (r + a_k) / 32.0,
                (q + vx + vw + z + w) / 16.0,
                (cnt + 2.5) / 16.0,
            ]
        },
    }]);
}

#[test]
fn statics_as_reshade_runs_them() {
    // ReShade's parser drops `static` on a local: it is initialised on every call, even from a
    // value known only then. A `static` global keeps what each call writes (within one pixel).
    check(&[Case {
        name: "statics",
        code: "static float G = 0.5;
            float Count(float v) { static float n = v * 0.25; n += 0.125; return n; }
            float Bump() { G += 0.125; return G; }
            float4 Case(int2 p, float2 uv) {
                float a = Count(p.x / 16.0);
                float b = Count(p.x / 16.0);
                float c = Bump();
                return float4(a, b, c, Bump());
            }",
        expected: |x, _, _| {
            let n = x as f32 / 64.0 + 0.125;
            [n, n, 0.625, 0.75]
        },
    }]);
}

#[test]
fn writes_through_a_swizzle_of_a_swizzle_land_where_hlsl_puts_them() {
    // `c.xyz.x` is `c.x`, `c.wzyx.xy` is `c.wz`: ReShade accepts the place and Direct3D writes
    // there. (ReShade's own SPIR-V for it fails `spirv-val`, so no reference test compares it.)
    check(&[Case {
        name: "swizzle of a swizzle",
        code: "void Half(out float a) { a = 0.5; }
            float4 Case(int2 p, float2 uv) {
                float4 c = 0.125;
                c.xyz.x = p.x / 16.0;
                c.wzyx.xy = float2(0.25, 0.5);
                c.rgb.bg += 0.0625;
                c.xyzw.zw.y *= 2.0;
                float3 d = 0.75;
                d.zyx.yz.x = p.y / 32.0;
                Half(d.zyx.z);
                return float4(c.x, c.y + d.y, c.z, c.w * d.x);
            }",
        expected: |x, y, _| {
            // c = (x/16, 0.125 + 0.0625, 0.5 + 0.0625, 0.25 * 2); d = (0.5, y/32, 0.75), its
            // `x` written by `Half` through `d.zyx.z`.
            let c = [x as f32 / 16.0, 0.1875, 0.5625, 0.5];
            let d = [0.5, y as f32 / 32.0, 0.75];
            [c[0], c[1] + d[1], c[2], c[3] * d[0]]
        },
    }]);
}

#[test]
fn side_effects_inside_expressions_happen_in_order() {
    // Operands before a side effect, as ReShade 6.1 reads them (its compiler's HLSL output
    // shows each): a place is read when its operator runs, after the later side effects
    // (`n + (n = 3)` is 6, `max(m, m = 5)` is 5, an `inout` argument is copied in after the
    // later arguments' side effects); a computed value where it stands (`n * 2`, the `?:`
    // condition, an index `a[n + 1]`, the `-i` of a constructor, `G * 2` before `Bump()`
    // writes `G`).
    let operand_order = Case {
        name: "operand_order",
        code: "float J(out float x) { x = 0.25; return 0.5; }
        void Two(inout float a, float b) { a += b; }
        static float G = 0.5;
        float Bump() { G += 0.25; return G; }
        float4 Case(int2 p, float2 uv) {
            int n = p.x;
            int late = n + (n = 3);
            n = p.x;
            int early = n * 2 + (n = 4);
            float f = p.y / 16.0;
            float b = f + J(f);
            int arr[4] = { 1, 2, 3, 4 };
            int i = p.x % 3;
            int c = arr[i] + arr[i++];
            float x = p.x / 16.0;
            float d = x * (x += 1);
            int m = p.y;
            int e = max(m, (m = 5));
            int k = p.y;
            int g = k > 8 ? 10 : (k = 1) + 2;
            int q = p.x % 3;
            int picked = arr[q + 1] + (q = 0);
            int j = p.y % 4;
            int2 c2 = int2(j, j++);
            int3 c3 = int3(-j, j, j = 9);
            float2 v = uv;
            Two(v.x, v.x = 0.5);
            float gb = G + Bump();
            float gh = G * 2 + Bump();
            return float4((late + early + (gb + gh) * 4) / 64.0, (b + d + v.x) / 8.0, (c + e + g) / 32.0,
                (picked + c2.x + c2.y + c3.x + c3.y + c3.z) / 32.0);
        }",
        expected: |x, y, _| {
            let (late, early) = (6, 2 * x + 4);
            let b = 0.25 + 0.5;
            let d = (x as f32 / 16.0 + 1.0).powi(2);
            let i = x % 3;
            let c = (i + 2) + (i + 1);
            let g = if y > 8 { 10 } else { 3 };
            let picked = x % 3 + 2;
            let j = y % 4;
            let (c2, c3) = ((j + 1) + j, -(j + 1) + 9 + 9);
            [
                ((late + early) as f32 + (1.5 + 2.5) * 4.0) / 64.0,
                (b + d + 1.0) / 8.0,
                (c + 5 + g) as f32 / 32.0,
                (picked + c2 + c3) as f32 / 32.0,
            ]
        },
    };
    check(&[
        operand_order,
        Case {
            name: "side_effects",
            code: "float4 Case(int2 p, float2 uv) {
            int c = p.x;
            int d = c++;
            int e = ++c;
            int f = (c = p.y, c + 1);
            int g = 0;
            int n = 0;
            while ((g += 3) < p.x) n++;
            int h = 0;
            // ReShade evaluates both arms of '?:': h ends as 2, k is the chosen arm's value.
            int k = p.x > 8 ? (h = 1) : (h = 2);
            int m = 0;
            do { m += 2; } while (m++ < p.y);
            return float4(d / 16.0, (e + f) / 40.0, n / 8.0 + m / 64.0, (h * 4 + k) / 16.0);
        }",
            expected: |x, y, _| {
                let (d, e, f) = (x, x + 2, y + 1);
                let mut g = 0;
                let mut n = 0;
                loop {
                    g += 3;
                    if g >= x {
                        break;
                    }
                    n += 1;
                }
                let k = if x > 8 { 1 } else { 2 };
                let mut m = 0;
                loop {
                    m += 2;
                    let before = m;
                    m += 1;
                    if before >= y {
                        break;
                    }
                }
                [
                    d as f32 / 16.0,
                    (e + f) as f32 / 40.0,
                    n as f32 / 8.0 + m as f32 / 64.0,
                    (2 * 4 + k) as f32 / 16.0,
                ]
            },
        },
    ]);
}

#[test]
fn math_intrinsics_match_cpu() {
    check(&[
        Case {
            name: "rounding_family",
            code: "float4 Case(int2 p, float2 uv) {
                float v = (p.x - 8) * 0.625 + p.y * 0.0625;
                return float4(frac(v), (floor(v) + 8) / 16.0, (ceil(v) + 8) / 16.0, (round(v) + trunc(v) + 16) / 32.0);
            }",
            expected: |x, y, _| {
                let v = (x - 8) as f32 * 0.625 + y as f32 * 0.0625;
                // HLSL round: to nearest, halves away from zero on most drivers; halves
                // here are avoided except at exact .5 where WGSL rounds to even.
                let round = {
                    let r = v.round();
                    if (v - v.trunc()).abs() == 0.5 {
                        (v / 2.0).round() * 2.0
                    } else {
                        r
                    }
                };
                [
                    v - v.floor(),
                    (v.floor() + 8.0) / 16.0,
                    (v.ceil() + 8.0) / 16.0,
                    (round + v.trunc() + 16.0) / 32.0,
                ]
            },
        },
        Case {
            name: "float_modulo_sign_abs_saturate",
            code: "float4 Case(int2 p, float2 uv) {
                float v = (p.x - 8) * 0.75;
                return float4((v % 2.5) / 5.0 + 0.5, sign(v) * 0.25 + 0.5, abs(v) / 8.0, saturate(v));
            }",
            expected: |x, _, _| {
                let v = (x - 8) as f32 * 0.75;
                // HLSL's float `%` (ReShade has no `fmod`): the result has the sign of v.
                let fmod = v - 2.5 * (v / 2.5).trunc();
                [
                    fmod / 5.0 + 0.5,
                    v.signum() * if v == 0.0 { 0.0 } else { 0.25 } + 0.5,
                    v.abs() / 8.0,
                    v.clamp(0.0, 1.0),
                ]
            },
        },
        Case {
            name: "out_results_and_classification",
            code: "float4 Case(int2 p, float2 uv) {
                float v = (p.x - 8) * 0.375;
                float whole;
                float f = modf(v, whole);
                float e;
                float m = frexp(p.y + 1.0, e);
                // From their bits: arithmetic on them may be folded under fast-math rules.
                float inf = asfloat(0x7f800000u + (uint)(p.x - p.x));
                float nan = asfloat(0x7fc00000u + (uint)p.y);
                bool2 k = isinf(float2(inf, v)) || isnan(float2(v, nan));
                return float4(f * 0.5 + 0.5, (whole + 3) / 8.0, m * 0.5 + e / 16.0, k.x * 0.5 + k.y * 0.25 + ldexp(0.75, -(p.y % 4)) / 8.0);
            }",
            expected: |x, y, _| {
                let v = (x - 8) as f32 * 0.375;
                let (f, whole) = (v - v.trunc(), v.trunc());
                // frexp: mantissa in [0.5, 1) and exponent with value = m * 2^e.
                let n = (y + 1) as f32;
                let e = n.log2().floor() + 1.0;
                let m = n / e.exp2();
                let ldexp = 0.75 * (-((y % 4) as f32)).exp2();
                [
                    f * 0.5 + 0.5,
                    (whole + 3.0) / 8.0,
                    m * 0.5 + e / 16.0,
                    0.5 + 0.25 + ldexp / 8.0,
                ]
            },
        },
        Case {
            name: "interpolation",
            code: "float4 Case(int2 p, float2 uv) {
                float t = p.x / 16.0;
                return float4(lerp(0.25, 0.75, t), smoothstep(0.25, 0.75, t), step(0.5, t) * 0.5 + step(t, 0.25) * 0.25, clamp(t, 0.125, 0.625) + min(t, 0.25) * 0.5 - max(t, 0.75) * 0.25);
            }",
            expected: |x, _, _| {
                let t = x as f32 / 16.0;
                let s = ((t - 0.25) / 0.5).clamp(0.0, 1.0);
                let step = |edge: f32, v: f32| if v >= edge { 1.0 } else { 0.0 };
                [
                    0.25 + 0.5 * t,
                    s * s * (3.0 - 2.0 * s),
                    step(0.5, t) * 0.5 + step(t, 0.25) * 0.25,
                    t.clamp(0.125, 0.625) + t.min(0.25) * 0.5 - t.max(0.75) * 0.25,
                ]
            },
        },
        Case {
            name: "powers_and_logs",
            code: "float4 Case(int2 p, float2 uv) {
                float v = (p.x + 1) / 16.0;
                return float4(sqrt(v), rsqrt(v) / 4.0, exp2(-v * 4.0) + log2(v) / 16.0, pow(v, 2.5) + rcp(v + 1) * 0.25);
            }",
            expected: |x, _, _| {
                let v = (x + 1) as f32 / 16.0;
                [
                    v.sqrt(),
                    1.0 / v.sqrt() / 4.0,
                    (-v * 4.0).exp2() + v.log2() / 16.0,
                    v.powf(2.5) + 0.25 / (v + 1.0),
                ]
            },
        },
        Case {
            name: "trigonometry",
            code: "float4 Case(int2 p, float2 uv) {
                float a = (p.x - 8) / 8.0;
                float s, c;
                sincos(a * 3.0, s, c);
                return float4(s * 0.5 + 0.5, c * 0.5 + 0.5, atan2(a, 0.5 + p.y / 16.0) / 4.0 + 0.5, asin(a * 0.9) / 4.0 + acos(a * 0.9) / 8.0);
            }",
            expected: |x, y, _| {
                let a = (x - 8) as f32 / 8.0;
                let (s, c) = (a * 3.0).sin_cos();
                [
                    s * 0.5 + 0.5,
                    c * 0.5 + 0.5,
                    a.atan2(0.5 + y as f32 / 16.0) / 4.0 + 0.5,
                    (a * 0.9).asin() / 4.0 + (a * 0.9).acos() / 8.0,
                ]
            },
        },
    ]);
}

#[test]
fn vector_intrinsics_match_cpu() {
    check(&[Case {
        name: "geometry",
        code: "float4 Case(int2 p, float2 uv) {
            float3 a = float3(p.x - 8, p.y - 8, 4) / 16.0;
            float3 b = float3(1, 2, -2) / 3.0;
            float3 n = normalize(a);
            float3 r = reflect(a, b);
            return float4(dot(a, b) * 0.5 + 0.5, length(a), cross(a, b).z * 0.5 + 0.5 + distance(a, b) * 0.125, n.z * 0.5 + r.y * 0.25);
        }",
        expected: |x, y, _| {
            let a = [(x - 8) as f32 / 16.0, (y - 8) as f32 / 16.0, 0.25];
            let b = [1.0 / 3.0, 2.0 / 3.0, -2.0 / 3.0];
            let dot = |u: [f32; 3], v: [f32; 3]| u[0] * v[0] + u[1] * v[1] + u[2] * v[2];
            let len = dot(a, a).sqrt();
            let d = dot(a, b);
            let r_y = a[1] - 2.0 * d * b[1];
            let cross_z = a[0] * b[1] - a[1] * b[0];
            let dist = dot([a[0] - b[0], a[1] - b[1], a[2] - b[2]], [a[0] - b[0], a[1] - b[1], a[2] - b[2]]).sqrt();
            [
                d * 0.5 + 0.5,
                len,
                cross_z * 0.5 + 0.5 + dist * 0.125,
                a[2] / len * 0.5 + r_y * 0.25,
            ]
        },
    }]);
}

#[test]
fn intrinsic_arguments_convert_to_the_chosen_overload() {
    // As ReShade resolves them: `asint` takes a float (so `asint(1)` is the bits of 1.0f),
    // `mul(float2, float4x4)` is the scalar-times-matrix overload (the vector truncated to its
    // first component), `ldexp`'s exponent is an int (1.75 becomes 1), `dot(float3, float4)`
    // drops the fourth component, `countbits(3.5)` counts the bits of 3u.
    check(&[Case {
        name: "overloads",
        code: "float4 Case(int2 p, float2 uv) {
            float4x4 m = float4x4(0.5, 0, 0, 0, 0, 0.5, 0, 0, 0, 0, 0.5, 0, 0, 0, 0, 0.5);
            float4x4 scaled = mul(float2(uv.x, 1.0), m);
            float r = asint(1) == 1065353216 ? 0.75 : 0.25;
            float d = dot(float3(uv, 0.5), float4(uv.yx, 0.25, 8.0));
            return float4(r, scaled[1][1], ldexp(uv.x, 1.75) * 0.25, (d + countbits(3.5)) * 0.125);
        }",
        expected: |x, y, _| {
            let (u, v) = ((x as f32 + 0.5) / 16.0, (y as f32 + 0.5) / 16.0);
            [0.75, u * 0.5, u * 0.5, (2.0 * u * v + 0.125 + 2.0) * 0.125]
        },
    }]);
}

#[test]
fn bit_intrinsics_match_cpu() {
    check(&[
        Case {
            name: "bit_counting",
            code: "float4 Case(int2 p, float2 uv) {
                uint u = p.x * 37u + p.y * 1000u;
                return float4(countbits(u) / 16.0, firstbithigh(u + 1u) / 16.0, firstbitlow(u | 256u) / 16.0, (reversebits(u) >> 24) / 255.0);
            }",
            expected: |x, y, _| {
                let u = (x * 37 + y * 1000) as u32;
                [
                    u.count_ones() as f32 / 16.0,
                    (31 - (u + 1).leading_zeros()) as f32 / 16.0,
                    (u | 256).trailing_zeros() as f32 / 16.0,
                    (u.reverse_bits() >> 24) as f32 / 255.0,
                ]
            },
        },
        Case {
            name: "reinterpretation_and_shifts",
            code: "float4 Case(int2 p, float2 uv) {
                float f = 1.0 + p.x / 16.0;
                uint bits = asuint(f);
                float back = asfloat(bits + (uint)p.y);
                int neg = asint(-f) >> 28;
                return float4((bits >> 16 & 255u) / 255.0, (back - f) * 1048576.0, (neg + 16) / 32.0, (bits ^ 0x3F800000u) / 8388608.0);
            }",
            expected: |x, y, _| {
                let f = 1.0 + x as f32 / 16.0;
                let bits = f.to_bits();
                let back = f32::from_bits(bits + y as u32);
                let neg = ((-f).to_bits() as i32) >> 28;
                [
                    ((bits >> 16) & 255) as f32 / 255.0,
                    (back - f) * 1_048_576.0,
                    (neg + 16) as f32 / 32.0,
                    (bits ^ 0x3F80_0000) as f32 / 8_388_608.0,
                ]
            },
        },
        Case {
            name: "half_float_packing",
            code: "float4 Case(int2 p, float2 uv) {
                float f = 1.0 + p.x / 16.0 + p.y / 4096.0;
                uint half_bits = f32tof16(f);
                float2 halves = f16tof32(uint2(half_bits, 0x3800u));
                return float4(halves.x - 1.0, halves.y, (half_bits & 1023u) / 1023.0, (half_bits >> 10) / 31.0);
            }",
            expected: |x, y, _| {
                let f = 1.0 + x as f32 / 16.0 + y as f32 / 4096.0;
                let h = half::f16::from_f32(f);
                let bits = u32::from(h.to_bits());
                [
                    h.to_f32() - 1.0,
                    0.5,
                    (bits & 1023) as f32 / 1023.0,
                    (bits >> 10) as f32 / 31.0,
                ]
            },
        },
    ]);
}

#[test]
fn texture_intrinsics_match_cpu() {
    check(&[
        Case {
            name: "fetch_size_lod",
            code: "float4 Case(int2 p, float2 uv) {
                float4 t = tex2Dfetch(ReShade::BackBuffer, p.yx);
                float4 l = tex2Dlod(ReShade::BackBuffer, float4(uv, 0, 0));
                return float4(t.r, l.g, tex2Dsize(ReShade::BackBuffer).x / 32.0, tex2Dfetch(ReShade::BackBuffer, int2(0, p.y)).b);
            }",
            expected: |x, y, input| {
                let t = input.at(y as usize, x as usize);
                let l = input.at(x as usize, y as usize);
                [t[0], l[1], 0.5, input.at(0, y as usize)[2]]
            },
        },
        Case {
            name: "srgb_and_linear_reads_of_one_texture",
            code: "sampler SrgbBackBuffer { Texture = ReShade::BackBufferTex; SRGBTexture = true; };
            float4 Case(int2 p, float2 uv) {
                float4 lin = tex2Dfetch(ReShade::BackBuffer, p);
                float4 dec = tex2Dfetch(SrgbBackBuffer, p);
                return float4(lin.r, dec.r, tex2D(SrgbBackBuffer, uv).g, lin.g);
            }",
            expected: |x, y, input| {
                let decode = engine::color::srgb_to_linear;
                let t = input.at(x as usize, y as usize);
                [t[0], decode(t[0]), decode(t[1]), t[1]]
            },
        },
        Case {
            name: "offset_and_gather",
            code: "float4 Case(int2 p, float2 uv) {
                float4 o = tex2Doffset(ReShade::BackBuffer, uv, int2(1, -1));
                // The 2x2 footprint around the corner between four texels, ReShade's order:
                // (0,1) (1,1) (1,0) (0,0).
                float2 corner = (float2(p) + 1.0) / 16.0;
                float4 g = tex2DgatherR(ReShade::BackBuffer, corner);
                return float4(o.r, o.g, g.x, g.w + g.y * 0.25);
            }",
            expected: |x, y, input| {
                let clamp = |v: i32| v.clamp(0, SIZE as i32 - 1) as usize;
                let o = input.at(clamp(x + 1), clamp(y - 1));
                let r = |dx: i32, dy: i32| input.at(clamp(x + dx), clamp(y + dy))[0];
                [o[0], o[1], r(0, 1), r(0, 0) + r(1, 1) * 0.25]
            },
        },
    ]);
}

/// ReShade passes a sampler argument by reference (`parse_expression`): an `inout` or `out`
/// sampler parameter that is only read, or left alone, is the argument's sampler. Two samplers
/// of one texture, one decoding sRGB, tell which one a call sampled. (A sampler global written
/// through such a parameter is refused: `check/backend_rejects.rs`.)
#[test]
fn out_and_inout_sampler_parameters_sample_their_argument() {
    check(&[Case {
        name: "inout_and_out_samplers",
        code: "sampler SrgbBackBuffer { Texture = ReShade::BackBufferTex; SRGBTexture = true; };
            float4 Read(inout sampler s, int2 p) { return tex2Dfetch(s, p); }
            void Leave(out sampler s) { }
            float4 Case(int2 p, float2 uv) {
                Leave(SrgbBackBuffer);
                float4 lin = Read(ReShade::BackBuffer, p);
                float4 dec = Read(SrgbBackBuffer, p);
                return float4(lin.r, dec.r, dec.g, tex2Dfetch(SrgbBackBuffer, p).b);
            }",
        expected: |x, y, input| {
            let decode = engine::color::srgb_to_linear;
            let t = input.at(x as usize, y as usize);
            [t[0], decode(t[0]), decode(t[1]), decode(t[2])]
        },
    }]);
}

#[test]
fn min_and_mag_filters_follow_the_level_of_detail() {
    // ReShade samples with implicit LOD: on a texture of one mip level the derivatives still
    // choose between the min and the mag filter. `input` is the 16x16 frame.
    fn checker(x: i32, y: i32) -> f32 {
        (if (x + y) % 2 == 0 { 64.0 } else { 192.0 }) / 255.0
    }
    check(&[
        Case {
            // 2 texels per pixel across: minified, so linear, halfway between texels 2x and
            // 2x + 1 (clamped at the right edge).
            name: "minified_linear",
            code: "sampler MinLinear { Texture = ReShade::BackBufferTex; MinFilter = LINEAR; MagFilter = POINT; MipFilter = POINT; };
            float4 Case(int2 p, float2 uv) { return tex2D(MinLinear, float2(uv.x * 2.0, uv.y)); }",
            expected: |x, y, _| {
                let (a, b) = ((2 * x).min(15), (2 * x + 1).min(15));
                let red = (a + b) as f32 * 17.0 / 2.0 / 255.0;
                let blue = (checker(a, y) + checker(b, y)) / 2.0;
                [red, y as f32 * 17.0 / 255.0, blue, 1.0]
            },
        },
        Case {
            // A vertex shader has no derivatives: level 0, so the mag filter (ReShade emits
            // implicit LOD there too). u = 1/16 lies between texels 0 and 1: point sampling
            // takes texel 1, where linear would take half of each.
            name: "vertex_shader_level_zero",
            code: "sampler MinLinear { Texture = ReShade::BackBufferTex; MinFilter = LINEAR; MagFilter = POINT; MipFilter = POINT; };
            void SeenVS(in uint id : SV_VertexID, out float4 pos : SV_Position, out float2 uv : TEXCOORD0, out float4 seen : TEXCOORD1)
            { PostProcessVS(id, pos, uv); seen = tex2D(MinLinear, float2(1.0 / 16.0, 0.5 / 16.0)); }
            float4 SeenPS(float4 pos : SV_Position, float2 uv : TEXCOORD0, float4 seen : TEXCOORD1) : SV_Target { return seen; }
            technique Seen { pass { VertexShader = SeenVS; PixelShader = SeenPS; } }",
            expected: |_, _, _| [17.0 / 255.0, 0.0, checker(1, 0), 1.0],
        },
        Case {
            // Half a texel per pixel both ways: magnified, so the nearest texel.
            name: "magnified_point",
            code: "sampler MinLinear { Texture = ReShade::BackBufferTex; MinFilter = LINEAR; MagFilter = POINT; MipFilter = POINT; };
            float4 Case(int2 p, float2 uv) { return tex2D(MinLinear, uv * 0.5); }",
            expected: |x, y, _| {
                let (u, v) = (x / 2, y / 2);
                [u as f32 * 17.0 / 255.0, v as f32 * 17.0 / 255.0, checker(u, v), 1.0]
            },
        },
    ]);
}

/// The input frame's value at texel (`i`, `j`) of mip level `level` of a 16x16 copy of it: the
/// box average of its 2^level x 2^level block (`engine/src/mips.rs`).
fn frame_mip(i: i32, j: i32, level: u32) -> [f32; 4] {
    let side = 1 << level;
    let mean = |t: i32| (t * side) as f32 + (side - 1) as f32 / 2.0;
    let blue = if level == 0 {
        if (i + j) % 2 == 0 { 64.0 } else { 192.0 }
    } else {
        128.0
    };
    [
        mean(i) * 17.0 / 255.0,
        mean(j) * 17.0 / 255.0,
        blue / 255.0,
        1.0,
    ]
}

#[test]
fn a_sampler_lod_bias_moves_every_level_of_detail() {
    // ReShade gives `MipLODBias` to the sampler (Vulkan's `mipLodBias`), which adds it to the
    // level of every sampling with a level of detail: implicit, explicit and from gradients,
    // through a sampler parameter too. A 16x16 copy of the frame with its mips, one texel per pixel
    // (level 0 unbiased), point-filtered.
    const PRELUDE: &str = "texture MipTex { Width = 16; Height = 16; MipLevels = 5; Format = RGBA16F; };
        sampler Plain { Texture = MipTex; MinFilter = POINT; MagFilter = POINT; MipFilter = POINT; };
        sampler Biased { Texture = MipTex; MinFilter = POINT; MagFilter = POINT; MipFilter = POINT; MipLODBias = 2; };
        float4 CopyPS(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target { return tex2Dfetch(ReShade::BackBuffer, int2(pos.xy)); }
        float4 Read(sampler s, float2 uv) { return tex2D(s, uv); }";
    const TECHNIQUE: &str = "technique Bias {
        pass { VertexShader = PostProcessVS; PixelShader = CopyPS; RenderTarget = MipTex; }
        pass { VertexShader = PostProcessVS; PixelShader = BiasPS; } }";
    type Expected = fn(i32, i32, &FloatImage) -> [f32; 4];
    let cases: [(&'static str, &str, Expected); 6] = [
        ("implicit", "tex2D(Biased, uv)", |x, y, _| {
            frame_mip(x >> 2, y >> 2, 2)
        }),
        (
            "explicit",
            "tex2Dlod(Biased, float4(uv, 0, 1))",
            |x, y, _| frame_mip(x >> 3, y >> 3, 3),
        ),
        (
            "gradients",
            "tex2Dgrad(Biased, uv, ddx(uv), ddy(uv))",
            |x, y, _| frame_mip(x >> 2, y >> 2, 2),
        ),
        (
            "explicit_negative",
            "tex2Dlod(Biased, float4(uv, 0, -1))",
            |x, y, _| frame_mip(x >> 1, y >> 1, 1),
        ),
        ("parameter", "Read(Biased, uv)", |x, y, _| {
            frame_mip(x >> 2, y >> 2, 2)
        }),
        ("parameter_unbiased", "Read(Plain, uv)", |x, y, _| {
            frame_mip(x, y, 0)
        }),
    ];
    let leaked: Vec<Case> = cases
        .into_iter()
        .map(|(name, read, expected)| Case {
            name,
            // `Case` holds static text, as every other test's literals are.
            code: Box::leak(
                format!(
                    "{PRELUDE}\nfloat4 BiasPS(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target {{ return {read}; }}\n{TECHNIQUE}"
                )
                .into_boxed_str(),
            ),
            expected,
        })
        .collect();
    check(&leaked);
}

#[test]
fn one_and_three_dimensional_textures() {
    check(&[
        Case {
            // ReShade takes no `texture1D` as a render target: a compute pass fills it.
            name: "texture_1d",
            code: "texture1D RampTex { Width = 16; Format = RGBA8; };
            sampler1D Ramp { Texture = RampTex; MinFilter = POINT; MagFilter = POINT; };
            storage1D RampStore { Texture = RampTex; };
            void FillCS(uint3 id : SV_DispatchThreadID)
            { tex1Dstore(RampStore, id.x, float4(id.x / 16.0, 0.25, 0.5, 1)); }
            float4 CasePS(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target
            {
                int2 p = int2(pos.xy);
                float4 a = tex1Dfetch(Ramp, p.x);
                float4 b = tex1D(Ramp, (p.y + 0.5) / 16.0);
                float4 c = tex1Dlod(Ramp, float4((15 - p.x + 0.5) / 16.0, 0, 0, 0));
                return float4(a.r, b.r, c.r, tex1Dsize(Ramp) / 32.0 + a.g);
            }
            technique Case1D
            {
                pass { ComputeShader = FillCS<16, 1>; DispatchSizeX = 1; DispatchSizeY = 1; }
                pass { VertexShader = PostProcessVS; PixelShader = CasePS; }
            }",
            expected: |x, y, _| {
                let texel = |i: i32| (i as f32 / 16.0 * 255.0).round() / 255.0;
                [texel(x), texel(y), texel(15 - x), 0.5 + 64.0 / 255.0]
            },
        },
        Case {
            // Texel offsets of the plain, `lod` and `grad` forms move the point sample by whole
            // texels; the sampler clamps at the edges.
            name: "texture_1d_offsets",
            code: "texture1D RampTex { Width = 16; Format = RGBA8; };
            sampler1D Ramp { Texture = RampTex; MinFilter = POINT; MagFilter = POINT; };
            storage1D RampStore { Texture = RampTex; };
            void FillCS(uint3 id : SV_DispatchThreadID)
            { tex1Dstore(RampStore, id.x, float4(id.x / 16.0, 0.25, 0.5, 1)); }
            float4 CasePS(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target
            {
                float u = (floor(pos.x) + 0.5) / 16.0;
                float4 a = tex1D(Ramp, u, 2);
                float4 b = tex1Dlod(Ramp, float4(u, 0, 0, 0), -1);
                float4 c = tex1Dgrad(Ramp, u, 0.0, 0.0, 3);
                return float4(a.r, b.r, c.r, 1);
            }
            technique Case1DOffsets
            {
                pass { ComputeShader = FillCS<16, 1>; DispatchSizeX = 1; DispatchSizeY = 1; }
                pass { VertexShader = PostProcessVS; PixelShader = CasePS; }
            }",
            expected: |x, _, _| {
                let texel = |i: i32| (i.clamp(0, 15) as f32 / 16.0 * 255.0).round() / 255.0;
                [texel(x + 2), texel(x - 1), texel(x + 3), 1.0]
            },
        },
    ]);
}

#[test]
fn groupshared_memory_is_shared_by_a_workgroup() {
    check(&[Case {
        name: "groupshared",
        code: "texture OutTex { Width = 16; Height = 16; Format = RGBA8; };
            storage2D OutStorage { Texture = OutTex; };
            sampler Out { Texture = OutTex; MinFilter = POINT; MagFilter = POINT; };
            groupshared float Row[16];
            void FillCS(uint3 tid : SV_GroupThreadID, uint3 gid : SV_GroupID)
            {
                Row[tid.x] = tid.x / 16.0;
                barrier();
                // Each thread reads what another thread of its group wrote.
                float mirrored = Row[15 - tid.x];
                tex2Dstore(OutStorage, int2(tid.x, gid.y), float4(mirrored, gid.y / 16.0, 0.5, 1));
            }
            float4 CasePS(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target
            { return tex2Dfetch(Out, int2(pos.xy)); }
            technique Shared
            {
                pass { ComputeShader = FillCS<16, 1>; DispatchSizeX = 1; DispatchSizeY = 16; }
                pass { VertexShader = PostProcessVS; PixelShader = CasePS; }
            }",
        expected: |x, y, _| [(15 - x) as f32 / 16.0, y as f32 / 16.0, 0.5, 1.0],
    }]);
}

#[test]
fn integer_textures_store_and_fetch_integers() {
    check(&[Case {
        name: "integer_texture",
        code: "texture IdsTex { Width = 16; Height = 16; Format = R32U; };
            sampler2D<uint> Ids { Texture = IdsTex; };
            storage2D<uint> IdsStore { Texture = IdsTex; };
            void FillCS(uint3 id : SV_DispatchThreadID)
            { tex2Dstore(IdsStore, int2(id.xy), id.x * 3u + id.y * 40u); }
            float4 CasePS(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target
            {
                uint v = tex2Dfetch(Ids, int2(pos.xy)).x;
                return float4((v % 16u) / 16.0, (v / 40u) / 16.0, (v & 1u), 1);
            }
            technique Ints
            {
                pass { ComputeShader = FillCS<16, 16>; DispatchSizeX = 1; DispatchSizeY = 1; }
                pass { VertexShader = PostProcessVS; PixelShader = CasePS; }
            }",
        expected: |x, y, _| {
            let v = (x * 3 + y * 40) as u32;
            [
                (v % 16) as f32 / 16.0,
                (v / 40) as f32 / 16.0,
                (v & 1) as f32,
                1.0,
            ]
        },
    }]);
}

#[test]
fn a_compute_pass_reads_back_the_storage_it_writes() {
    // Pass 1 writes x + 16 y into an R32F storage; pass 2 reads it through the same storage
    // (`tex2Dfetch` on a storage: bound read-write), doubles it and adds the texel to its right,
    // written earlier by pass 1 (so nothing depends on the order of threads within the pass).
    check(&[Case {
        name: "storage_read",
        code: "texture ValuesTex { Width = 16; Height = 16; Format = R32F; };
            storage2D<float> Values { Texture = ValuesTex; };
            texture SumsTex { Width = 16; Height = 16; Format = R32F; };
            storage2D<float> Sums { Texture = SumsTex; };
            sampler2D<float> SumsSampler { Texture = SumsTex; MinFilter = POINT; MagFilter = POINT; };
            void FillCS(uint3 id : SV_DispatchThreadID) { tex2Dstore(Values, id.xy, id.x + 16.0 * id.y); }
            void SumCS(uint3 id : SV_DispatchThreadID)
            {
                float here = tex2Dfetch(Values, int2(id.xy));
                float right = tex2Dfetch(Values, int2(min(id.x + 1, 15), id.y));
                tex2Dstore(Sums, id.xy, 2.0 * here + right);
            }
            float4 CasePS(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target
            { return tex2Dfetch(SumsSampler, int2(pos.xy)).x / 1024.0; }
            technique StorageRead
            {
                pass { ComputeShader = FillCS<16, 16>; DispatchSizeX = 1; DispatchSizeY = 1; }
                pass { ComputeShader = SumCS<16, 16>; DispatchSizeX = 1; DispatchSizeY = 1; }
                pass { VertexShader = PostProcessVS; PixelShader = CasePS; }
            }",
        expected: |x, y, _| {
            let value = |x: i32| (x.min(15) + 16 * y) as f32;
            let v = (2.0 * value(x) + value(x + 1)) / 1024.0;
            [v, v, v, v]
        },
    }]);
}

/// Texel `i` of an axis `n` texels long under an address mode (`None`: the border, 0).
fn address(i: i32, n: i32, mode: char) -> Option<i32> {
    match mode {
        'c' => Some(i.clamp(0, n - 1)),
        'w' => Some(i.rem_euclid(n)),
        'm' => {
            let m = i.rem_euclid(2 * n);
            Some(if m >= n { 2 * n - 1 - m } else { m })
        }
        _ => (0..n).contains(&i).then_some(i),
    }
}

/// The value a case's integer texture holds at texel (x, y) of an `n`-wide level, or 0 for
/// the border; `f` maps the texel's index (1-based) to the value.
fn integer_texel(x: i32, y: i32, n: i32, mode: char, f: impl Fn(i32) -> f32) -> f32 {
    match (address(x, n, mode), address(y, n, mode)) {
        (Some(x), Some(y)) => f(x + y * n + 1),
        _ => 0.0,
    }
}

#[test]
fn integer_textures_sample_the_nearest_texel_under_the_address_mode() {
    check(&[
        Case {
            // An 8×8 texture of texel numbers 1..64 read at uvs from -0.5 to 1.5 through a
            // sampler of each address mode (linear filters: integer formats filter nearest).
            name: "integer_sampling_address_modes",
            code: "texture IdsTex { Width = 8; Height = 8; Format = R32U; };
            storage2D<uint> IdsStore { Texture = IdsTex; };
            sampler2D<uint> IdsC { Texture = IdsTex; AddressU = CLAMP; AddressV = CLAMP; };
            sampler2D<uint> IdsW { Texture = IdsTex; AddressU = WRAP; AddressV = REPEAT; };
            sampler2D<uint> IdsM { Texture = IdsTex; AddressU = MIRROR; AddressV = MIRROR; };
            sampler2D<uint> IdsB { Texture = IdsTex; AddressU = BORDER; AddressV = BORDER; };
            void FillCS(uint3 id : SV_DispatchThreadID)
            { tex2Dstore(IdsStore, int2(id.xy), id.x + id.y * 8u + 1u); }
            float4 CasePS(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target
            {
                float2 at = (floor(pos.xy) - 4.0 + 0.5) / 8.0;
                return float4(tex2D(IdsC, at), tex2D(IdsW, at), tex2D(IdsM, at), tex2D(IdsB, at)) / 64.0;
            }
            technique IntSampling
            {
                pass { ComputeShader = FillCS<8, 8>; DispatchSizeX = 1; DispatchSizeY = 1; }
                pass { VertexShader = PostProcessVS; PixelShader = CasePS; }
            }",
            expected: |x, y, _| {
                let v = |m| integer_texel(x - 4, y - 4, 8, m, |i| i as f32 / 64.0);
                [v('c'), v('w'), v('m'), v('b')]
            },
        },
        Case {
            // A signed texture with two levels: `lod` picks level 1, `grad` picks it from the
            // gradients (a quarter of the texture per pixel: 2 texels of level 0), offsets move
            // whole texels before addressing.
            name: "integer_sampling_levels_and_offsets",
            code: "texture IdsTex { Width = 8; Height = 8; Format = R32I; MipLevels = 2; };
            storage2D<int> Level0 { Texture = IdsTex; MipLevel = 0; };
            storage2D<int> Level1 { Texture = IdsTex; MipLevel = 1; };
            sampler2D<int> IdsC { Texture = IdsTex; AddressU = CLAMP; AddressV = CLAMP; };
            sampler2D<int> IdsW { Texture = IdsTex; AddressU = WRAP; AddressV = WRAP; };
            sampler2D<int> IdsM { Texture = IdsTex; AddressU = MIRROR; AddressV = MIRROR; };
            sampler2D<int> IdsB { Texture = IdsTex; AddressU = BORDER; AddressV = BORDER; };
            void FillCS(uint3 id : SV_DispatchThreadID)
            {
                tex2Dstore(Level0, int2(id.xy), -int(id.x + id.y * 8u + 1u));
                if (id.x < 4u && id.y < 4u)
                    tex2Dstore(Level1, int2(id.xy), -int(id.x + id.y * 4u + 101u));
            }
            float4 CasePS(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target
            {
                float2 at = (floor(pos.xy) - 4.0 + 0.5) / 8.0;
                int r = tex2Dlod(IdsW, float4(at, 0, 1));
                int g = tex2D(IdsC, at, int2(1, -1));
                int b = tex2Dgrad(IdsM, at, float2(0.25, 0), float2(0, 0.25));
                int a = tex2Dlod(IdsB, float4(at, 0, 0), int2(2, 0));
                return float4((-r - 100) / 16.0, -g / 64.0, (-b - 100) / 16.0, -a / 64.0);
            }
            technique IntLevels
            {
                pass { ComputeShader = FillCS<8, 8>; DispatchSizeX = 1; DispatchSizeY = 1; }
                pass { VertexShader = PostProcessVS; PixelShader = CasePS; }
            }",
            expected: |x, y, _| {
                let (i, j) = (x - 4, y - 4);
                // Level 1 is 4×4: texel floor(uv * 4) = floor(i / 2).
                let (i1, j1) = (i.div_euclid(2), j.div_euclid(2));
                [
                    integer_texel(i1, j1, 4, 'w', |v| v as f32 / 16.0),
                    integer_texel(i + 1, j - 1, 8, 'c', |v| v as f32 / 64.0),
                    integer_texel(i1, j1, 4, 'm', |v| v as f32 / 16.0),
                    integer_texel(i + 2, j, 8, 'b', |v| v as f32 / 64.0),
                ]
            },
        },
        Case {
            // A 4×4×4 volume (WRAP, MIRROR, BORDER on its three axes) and an 8-texel row
            // (MIRROR), read around and outside their edges.
            name: "integer_sampling_1d_3d",
            code: "texture3D VolTex { Width = 4; Height = 4; Depth = 4; Format = R32U; };
            storage3D<uint> VolStore { Texture = VolTex; };
            sampler3D<uint> Vol { Texture = VolTex; AddressU = WRAP; AddressV = MIRROR; AddressW = BORDER; };
            texture1D RowTex { Width = 8; Format = R32I; };
            storage1D<int> RowStore { Texture = RowTex; };
            sampler1D<int> Row { Texture = RowTex; AddressU = MIRROR; };
            void FillCS(uint3 id : SV_DispatchThreadID)
            {
                tex3Dstore(VolStore, int3(id), id.x + id.y * 4u + id.z * 16u + 1u);
                if (id.y == 0u && id.z == 0u)
                {
                    tex1Dstore(RowStore, int(id.x), int(id.x) + 1);
                    tex1Dstore(RowStore, int(id.x) + 4, int(id.x) + 5);
                }
            }
            float4 CasePS(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target
            {
                int2 p = int2(pos.xy);
                float3 at = (float3(p.x - 6, p.y - 6, (p.x + p.y) % 6 - 1) + 0.5) / 4.0;
                uint v = tex3D(Vol, at);
                uint w = tex3Dlod(Vol, float4(at, 0), int2(1, 0));
                int r = tex1D(Row, (p.x - 4 + 0.5) / 8.0, p.y % 3);
                return float4(v / 64.0, w / 64.0, r / 8.0, 1);
            }
            technique IntVolume
            {
                pass { ComputeShader = FillCS<4, 4, 4>; DispatchSizeX = 1; DispatchSizeY = 1; DispatchSizeZ = 1; }
                pass { VertexShader = PostProcessVS; PixelShader = CasePS; }
            }",
            expected: |x, y, _| {
                let volume = |i: i32, j: i32, k: i32| match (
                    address(i, 4, 'w'),
                    address(j, 4, 'm'),
                    address(k, 4, 'b'),
                ) {
                    (Some(i), Some(j), Some(k)) => (i + j * 4 + k * 16 + 1) as f32 / 64.0,
                    _ => 0.0,
                };
                let k = (x + y) % 6 - 1;
                let row = address(x - 4 + y % 3, 8, 'm').unwrap() + 1;
                [
                    volume(x - 6, y - 6, k),
                    volume(x - 5, y - 6, k),
                    row as f32 / 8.0,
                    1.0,
                ]
            },
        },
    ]);
}

#[test]
fn atomics_on_groupshared_memory_and_storage_texels() {
    // One workgroup of 256 threads; every pixel shows four checks of its thread (1 = passed):
    // the values `atomicAdd` returned are distinct (their 256 bits all set by `atomicOr`) and the
    // counter ends at 256; `atomicMin` and a non-shared local did what they should; exactly one
    // thread won `atomicCompareExchange` and every other one saw its id; the storage texel every
    // thread incremented holds 256.
    check(&[Case {
        name: "atomics",
        code: "texture FlagsTex { Width = 16; Height = 16; Format = R32U; };
            storage2D<uint> FlagsStore { Texture = FlagsTex; };
            sampler2D<uint> Flags { Texture = FlagsTex; };
            texture CountTex { Width = 1; Height = 1; Format = R32U; };
            storage2D<uint> CountStore { Texture = CountTex; };
            sampler2D<uint> Count { Texture = CountTex; };
            groupshared uint Counter;
            groupshared uint Seen[8];
            groupshared int Low;
            groupshared int Winner;
            void CountCS(uint3 id : SV_DispatchThreadID, uint gi : SV_GroupIndex)
            {
                if (gi == 0) { Counter = 0; Low = 1000; Winner = -1; }
                if (gi < 8) Seen[gi] = 0u;
                barrier();
                uint old = atomicAdd(Counter, 1u);
                atomicOr(Seen[old / 32u], 1u << (old % 32u));
                int before = atomicMin(Low, -(int)gi);
                int won = atomicCompareExchange(Winner, -1, (int)gi);
                atomicAdd(CountStore, int2(0, 0), 1u);
                int local = 5;
                int was = atomicAdd(local, 2);
                barrier();
                uint all = Seen[0] & Seen[1] & Seen[2] & Seen[3] & Seen[4] & Seen[5] & Seen[6] & Seen[7];
                uint flags = (all == 0xFFFFFFFFu && Counter == 256u) ? 1u : 0u;
                flags |= (Low == -255 && before <= 1000 && was == 5 && local == 7) ? 2u : 0u;
                bool cas = Winner >= 0 && (won == -1) == (Winner == (int)gi) && (won == -1 || won == Winner);
                flags |= cas ? 4u : 0u;
                tex2Dstore(FlagsStore, int2(id.xy), flags);
            }
            float4 CasePS(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target
            {
                uint f = tex2Dfetch(Flags, int2(pos.xy)).x;
                uint n = tex2Dfetch(Count, int2(0, 0)).x;
                return float4(f & 1u, (f >> 1) & 1u, (f >> 2) & 1u, n == 256u ? 1.0 : 0.25);
            }
            technique Atomics
            {
                pass { ComputeShader = CountCS<16, 16>; DispatchSizeX = 1; DispatchSizeY = 1; }
                pass { VertexShader = PostProcessVS; PixelShader = CasePS; }
            }",
        expected: |_, _, _| [1.0, 1.0, 1.0, 1.0],
    }]);
}

#[test]
fn derivatives_of_linear_functions() {
    check(&[Case {
        name: "derivatives",
        code: "float4 Case(int2 p, float2 uv) {
            float v = uv.x * 4.0 + uv.y * 2.0;
            return float4(ddx(v) * 4.0, ddy(v) * 8.0, fwidth(v) * 2.0, ddx(uv.y) + 0.5);
        }",
        expected: |_, _, _| {
            // d/dx of uv.x is 1/16 per pixel, d/dy of uv.y also.
            [1.0, 1.0, 0.75, 0.5]
        },
    }]);
}

#[test]
fn matrix_steps_selects_and_flattening_constructors() {
    // ReShade accepts each of these (asked of its compiler): `++`/`--` on float and integer
    // matrices; `?:` of matrices with a vector condition, one component per row; matrices in
    // vector constructors; matrix constructors whose vectors cross a row boundary.
    check(&[
        Case {
            name: "matrix_steps",
            code: r#"float4 Case(int2 p, float2 uv) {
    float2x2 f = float2x2(p.x, p.y, 1, 2) / 16.0;
    int2x2 n = int2x2(p.x, p.y, 3, -1);
    f++; ++f; f--;
    float2x2 g = f--;
    n++; n++; --n;
    int2x2 k = n--;
    int2x2 j = ++n;
    return float4((g[0][1] - 1.0) + f[1][0], (k[0][0] + j[1][1] + n[0][1]) / 64.0, 0.5, 1);
}"#,
            expected: |x, y, _| {
                let k00 = x + 1;
                let (j11, n01) = (0, y + 1);
                [
                    (y + 1) as f32 / 16.0,
                    (k00 + j11 + n01) as f32 / 64.0,
                    0.5,
                    1.0,
                ]
            },
        },
        Case {
            name: "matrix_select",
            code: r#"float4 Case(int2 p, float2 uv) {
    float2x2 m = float2x2(uv.x, uv.y, 0.25, 0.5);
    float2x2 k = float2x2(0.75, 0.125, uv.y, uv.x);
    bool2 c = bool2(p.x > 7, p.y > 7);
    float2x2 a = c ? m : k;
    int2x2 n = int2x2(p.x, p.y, 1, 2);
    int2x2 q = int2x2(3, 4, p.y, p.x);
    int2x2 b = int2(p.x % 2, p.y % 3) ? n : q;
    return float4(a[0][0], a[1][1], (b[0][0] + b[0][1]) / 32.0, (b[1][0] + b[1][1]) / 32.0);
}"#,
            expected: |x, y, _| {
                let u = (x as f32 + 0.5) / 16.0;
                let r = if x > 7 { u } else { 0.75 };
                let g = if y > 7 { 0.5 } else { u };
                let top = if x % 2 != 0 { x + y } else { 7 };
                let bottom = if y % 3 != 0 { 3 } else { y + x };
                [r, g, top as f32 / 32.0, bottom as f32 / 32.0]
            },
        },
        Case {
            name: "matrices_in_constructors",
            code: r#"float4 Case(int2 p, float2 uv) {
    float2x2 m = float2x2(uv.x, 0.25, uv.y, 0.5);
    int2x2 n = int2x2(p.x, 2, 3, p.y);
    float4 a = float4(m);
    float4 b = float4(m[1], 0.125, 1);
    int4 c = int4(n);
    int2x2 d = int2x2(1, int2(p.y, p.x), 4);
    int3x3 e = int3x3(int2(p.x, 1), int3(2, p.y, 3), n);
    float2x2 f = float2x2(float3(uv, 0.25), 0.5);
    int s = c.x + c.w + d[0][1] + d[1][0] + e[1][2] + e[2][2] + c.y * c.z + e[0][1] + e[0][2] + e[1][1];
    return float4(a.x * 0.5 + b.z, (a.z + b.x) * 0.5, s / 128.0, f[1][0] + f[0][1] * 0.5);
}"#,
            expected: |x, y, _| {
                let (u, v) = ((x as f32 + 0.5) / 16.0, (y as f32 + 0.5) / 16.0);
                let s = 3 * (x + y) + 12;
                [u * 0.5 + 0.125, v, s as f32 / 128.0, 0.25 + v * 0.5]
            },
        },
    ]);
}

#[test]
fn forms_reshade_accepts_compute_as_in_reshade() {
    check(&[
        Case {
            // Locals named like the texture a sampler reads and like the WGSL built-ins the
            // generated code calls (`lerp` → `mix`, `frac` → `fract`, `?:` → `select`): FX code
            // sees the locals, the generated code the texture and the built-ins.
            name: "user_names_never_meet_generated_ones",
            code: "texture2D BackTex : COLOR;
            sampler2D sBack { Texture = BackTex; };
            static const float fract = 0.125;
            float4 Case(int2 p, float2 uv) {
                float BackTex = 0.5;
                float mix = 0.25;
                float select = 2;
                float4 loop = tex2D(sBack, uv);
                return float4(lerp(loop.r, mix, BackTex), frac(select * 0.625) + fract,
                              loop.g * select * 0.5, mix > 0.2 ? 1 : 0);
            }",
            expected: |x, y, input| {
                let c = input.at(x as usize, y as usize);
                [(c[0] + 0.25) * 0.5, 0.375, c[1], 1.0]
            },
        },
        Case {
            // ReShade assigns a shorter vector to a longer one by repeating its last
            // component (its promotion swizzle), compound assignments too.
            name: "assignment_widens_a_vector_with_its_last_component",
            code: "float4 Case(int2 p, float2 uv) {
                float2 a = float2(p.x / 32.0, p.y / 32.0);
                float4 b = 0.125;
                b = a;
                float3 c = 0.0625;
                c += a;
                return float4(b.z, b.w, c.z, b.x);
            }",
            expected: |x, y, _| {
                let (ax, ay) = (x as f32 / 32.0, y as f32 / 32.0);
                [ay, ay, 0.0625 + ay, ax]
            },
        },
        Case {
            // An initialiser list assigned to an array member, as CShade writes its masks.
            name: "initialiser_list_assigned_to_an_array_member",
            code: "struct W { int m[3]; float f[2]; };
            float4 Case(int2 p, float2 uv) {
                W w[2];
                w[0].m = { 1, 0, 1 };
                w[1].m = { 0, p.x, 2 };
                w[1].f = { 0.25, uv.y };
                return float4(w[0].m[2] * 0.5, w[1].m[1] / 16.0, w[1].f[0], w[1].f[1]);
            }",
            expected: |x, y, _| [0.5, x as f32 / 16.0, 0.25, (y as f32 + 0.5) / 16.0],
        },
    ]);
}

/// `Case` runs over a pass whose vertex shader writes an array varying (`float4 offset[3] :
/// TEXCOORD1`, one location per element, as ReShade lays it out) and whose pixel shader reads
/// it back; textures sized by expressions ReShade folds, a mip count of 0 (one level, as in
/// ReShade) and format names in another letter case.
#[test]
fn array_varyings_and_texture_properties_as_reshade_reads_them() {
    check(&[Case {
        name: "array_varyings",
        code: "static const int Half = BUFFER_WIDTH >> 1;
        texture2D Small { Width = Half / 2; Height = int2(16, 16).y >> 2; MipLevels = 0; Format = rgba16f; };
        sampler2D sSmall { Texture = Small; };
        void OffsetVS(in uint id : SV_VertexID, out float4 pos : SV_Position, out float2 uv : TEXCOORD0,
                      out float4 offset[3] : TEXCOORD1)
        {
            PostProcessVS(id, pos, uv);
            offset[0] = float4(uv, 0.25, 0.5);
            offset[1] = float4(0.125, uv.x, 0, 1);
            offset[2] = tex2Dsize(sSmall, 0).xyxy / 16.0;
        }
        float4 OffsetPS(float4 pos : SV_Position, float2 uv : TEXCOORD0, float4 offset[3] : TEXCOORD1) : SV_Target
        {
            return float4(offset[0].y, offset[1].y, offset[2].x, offset[2].y + offset[0].z);
        }
        technique Semantics { pass { VertexShader = OffsetVS; PixelShader = OffsetPS; } }",
        expected: |x, y, _| {
            let (u, v) = ((x as f32 + 0.5) / 16.0, (y as f32 + 0.5) / 16.0);
            // 16 wide: `Half` is 8, the texture 4×4.
            [v, u, 0.25, 0.25 + 0.25]
        },
    }]);
}

/// A pixel-shader output of another scalar kind than its render target (ReShade accepts it;
/// Direct3D and Vulkan leave the texels undefined, GPUs store the output register's bits):
/// fxbench stores the bits. A `float4` into an `R32I` target, read back as integers, and an
/// `int4` of a float's bits onto the back buffer; the same pixel shader also writes to a float
/// target in another pass, where its values arrive as they are.
#[test]
fn outputs_of_another_kind_than_their_target_store_their_bits() {
    check(&[Case {
        name: "outputs_store_their_bits",
        code: "texture2D IdsTex { Width = BUFFER_WIDTH; Height = BUFFER_HEIGHT; Format = R32I; };
        sampler2D<int> Ids { Texture = IdsTex; };
        texture2D PlainTex { Width = BUFFER_WIDTH; Height = BUFFER_HEIGHT; Format = RGBA16F; };
        sampler2D Plain { Texture = PlainTex; };
        float4 FloatPS(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target
        {
            return float4(1.5 + floor(pos.x), -2.0, 0.25, 1.0);
        }
        int4 BitsPS(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target
        {
            int bits = tex2Dfetch(Ids, int2(pos.xy)).x;
            float plain = tex2Dfetch(Plain, int2(pos.xy)).x;
            bool same = bits == asint(1.5 + floor(pos.x)) && plain == 1.5 + floor(pos.x);
            return asint(float4(same ? 0.75 : 0.0, 0.25, uv.y, 1.0));
        }
        technique Semantics
        {
            pass { VertexShader = PostProcessVS; PixelShader = FloatPS; RenderTarget = IdsTex; }
            pass { VertexShader = PostProcessVS; PixelShader = FloatPS; RenderTarget = PlainTex; }
            pass { VertexShader = PostProcessVS; PixelShader = BitsPS; }
        }",
        expected: |_, y, _| [0.75, 0.25, (y as f32 + 0.5) / 16.0, 1.0],
    }]);
}

/// An array of vectors or matrices as the operand of an operator (ReShade's front end accepts
/// it, `is_vector()` ignoring the array, and its HLSL casts the array): its first element, as
/// Direct3D computes it, for arithmetic, `!`, a comparison, a `?:` condition and a constructor
/// taking it alone; an array of scalars among a constructor's arguments is its first element
/// in every ReShade back end.
#[test]
fn an_array_operand_is_its_first_element() {
    check(&[Case {
        name: "array_operand_first_element",
        code: "float4 Case(int2 p, float2 uv)
        {
            float3 a[2] = { float3(0.25, 0.5, 0.125), float3(0.75, 0.75, 0.75) };
            float2x2 m[2] = { float2x2(0.5, 0.25, 0.125, 1), float2x2(1, 1, 1, 1) };
            float3 d = a * 2 - float3(0, 0.5, uv.x);
            bool3 n = !a;
            float2 r = m - float2(0.25, 0);
            float3 c = a < float3(0.5, 0.5, 0.5) ? float3(1, 1, 1) : float3(0, 0, 0);
            // Constructors: alone a cast, among others an array of scalars indexed.
            float s[2] = { 0.125, 0.75 };
            float3 k = float3(a) + float3(s, 0.5, s) + float(s);
            float2x2 q = float2x2(s, s, 0.5, s);
            return float4(d.x + r.y, d.y + (n.z ? 1 : 0), d.z + uv.x, (r.x + c.x + c.y) / 4)
                + float4(k.x - 0.5, k.y - 1.125, k.z - 0.375, q._21 + q._22 - 0.625);
        }",
        expected: |_, _, _| [0.75, 0.5, 0.25, (0.25 + 1.0 + 0.0) / 4.0],
    }]);
}
