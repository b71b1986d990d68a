//! How the whole check (`analysis::compile`, as `fxbench check` runs it) scales with the size of
//! an effect: generated ReShade FX and `.wfx` effects of 10k, 20k, 40k and 80k statements in
//! three shapes: one function of N statements, N small functions, a call chain N deep. Each is
//! measured per statement (criterion's throughput), so a step that is not linear shows as a
//! per-statement time that grows with N. `cargo bench -p fxbench-analysis --bench
//! front_end_scaling -- funcs_fx` runs one shape; the figures are in docs/RESHADE_FX.md.

use std::fmt::Write as _;
use std::path::Path;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};

const SIZES: [usize; 4] = [10_000, 20_000, 40_000, 80_000];

#[derive(Clone, Copy)]
enum Shape {
    /// One pixel shader of N `x = x * 1.0001 + 0.5;` statements.
    Line,
    /// N one-statement functions, two of them called.
    Functions,
    /// N functions, each calling the one before.
    Chain,
}

const FX_HEAD: &str = "texture BackBufferTex : COLOR;\n\
    sampler BackBuffer { Texture = BackBufferTex; };\n\
    void VS(in uint id : SV_VertexID, out float4 pos : SV_Position, out float2 uv : TEXCOORD)\n\
    { uv = float2((id == 2) ? 2.0 : 0.0, (id == 1) ? 2.0 : 0.0);\n\
      pos = float4(uv * float2(2.0, -2.0) + float2(-1.0, 1.0), 0.0, 1.0); }\n";
const FX_PS: &str = "float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target {\n";
const FX_TAIL: &str = "technique T { pass { VertexShader = VS; PixelShader = PS; } }\n";

const WFX_HEAD: &str = "struct VsOut { @builtin(position) pos: vec4<f32>, @location(0) uv: vec2<f32> }\n\
    @vertex fn vs(@builtin(vertex_index) i: u32) -> VsOut {\n\
        let uv = vec2<f32>(f32((i << 1u) & 2u), f32(i & 2u));\n\
        return VsOut(vec4<f32>(uv * 2.0 - 1.0, 0.0, 1.0), uv);\n\
    }\n\
    texture Color : COLOR;\n\
    sampler Linear { Texture = Color; };\n";
const WFX_PS: &str = "@fragment fn ps(v: VsOut) -> @location(0) vec4<f32> {\n";
const WFX_TAIL: &str = "technique T { pass { VertexShader = vs; PixelShader = ps; } }\n";

/// A ReShade FX effect of `shape` and `n` statements.
fn fx_effect(shape: Shape, n: usize) -> String {
    let mut text = String::from(FX_HEAD);
    match shape {
        Shape::Line => {
            text.push_str(FX_PS);
            text.push_str("  float x = uv.x;\n");
            for _ in 0..n {
                text.push_str("  x = x * 1.0001 + 0.5;\n");
            }
            text.push_str("  return tex2D(BackBuffer, uv) * x; }\n");
        }
        Shape::Functions => {
            for i in 0..n {
                let _ = writeln!(text, "float g{i}(float x) {{ return x * 1.0001 + 0.5; }}");
            }
            text.push_str(FX_PS);
            let _ = writeln!(
                text,
                "  float x = g0(uv.x); x = g{}(x);\n  return tex2D(BackBuffer, uv) * x; }}",
                n - 1
            );
        }
        Shape::Chain => {
            text.push_str("float g0(float x) { return x * 1.0001 + 0.5; }\n");
            for i in 1..n {
                let _ = writeln!(
                    text,
                    "float g{i}(float x) {{ return g{}(x) * 1.0001 + 0.5; }}",
                    i - 1
                );
            }
            text.push_str(FX_PS);
            let _ = writeln!(
                text,
                "  return tex2D(BackBuffer, uv) * g{}(uv.x); }}",
                n - 1
            );
        }
    }
    text.push_str(FX_TAIL);
    text
}

/// The same effect in fxbench's WGSL dialect.
fn wfx_effect(shape: Shape, n: usize) -> String {
    let mut text = String::from(WFX_HEAD);
    match shape {
        Shape::Line => {
            text.push_str(WFX_PS);
            text.push_str("  var x = v.uv.x;\n");
            for _ in 0..n {
                text.push_str("  x = x * 1.0001 + 0.5;\n");
            }
            text.push_str("  return textureSample(Color, Linear, v.uv) * x; }\n");
        }
        Shape::Functions => {
            for i in 0..n {
                let _ = writeln!(
                    text,
                    "fn g{i}(x: f32) -> f32 {{ return x * 1.0001 + 0.5; }}"
                );
            }
            text.push_str(WFX_PS);
            let _ = writeln!(
                text,
                "  let x = g{}(g0(v.uv.x));\n  return textureSample(Color, Linear, v.uv) * x; }}",
                n - 1
            );
        }
        Shape::Chain => {
            text.push_str("fn g0(x: f32) -> f32 { return x * 1.0001 + 0.5; }\n");
            for i in 1..n {
                let _ = writeln!(
                    text,
                    "fn g{i}(x: f32) -> f32 {{ return g{}(x) * 1.0001 + 0.5; }}",
                    i - 1
                );
            }
            text.push_str(WFX_PS);
            let _ = writeln!(
                text,
                "  return textureSample(Color, Linear, v.uv) * g{}(v.uv.x); }}",
                n - 1
            );
        }
    }
    text.push_str(WFX_TAIL);
    text
}

fn bench(c: &mut Criterion) {
    let options = analysis::Options::default();
    let shapes = [
        ("line", Shape::Line),
        ("funcs", Shape::Functions),
        ("chain", Shape::Chain),
    ];
    for (shape_name, shape) in shapes {
        for (language, make, file) in [
            ("fx", fx_effect as fn(Shape, usize) -> String, "scaling.fx"),
            ("wfx", wfx_effect, "scaling.wfx"),
        ] {
            let mut group = c.benchmark_group(format!("{shape_name}_{language}"));
            group
                .sample_size(10)
                .warm_up_time(Duration::from_millis(100))
                .measurement_time(Duration::from_secs(1));
            for n in SIZES {
                let text = make(shape, n);
                // The bench measures a clean check: an input that does not check is a bug here.
                let first = analysis::compile(
                    Path::new(file),
                    text.clone(),
                    &analysis::MemoryLoader::new([(file, text.clone())]),
                    &options,
                );
                let errors = first
                    .diagnostics
                    .iter()
                    .filter(|d| d.severity == analysis::Severity::Error)
                    .count();
                assert_eq!(
                    errors,
                    0,
                    "{shape_name}_{language} {n}: {:?}",
                    first.diagnostics.first()
                );
                group.throughput(Throughput::Elements(n as u64));
                group.bench_with_input(BenchmarkId::from_parameter(n), &text, |b, text| {
                    b.iter(|| {
                        analysis::compile(
                            Path::new(file),
                            text.clone(),
                            &analysis::MemoryLoader::new([(file, text.clone())]),
                            &options,
                        )
                    })
                });
            }
            group.finish();
        }
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
