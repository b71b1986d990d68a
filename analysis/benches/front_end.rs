//! The whole check of small (~50 lines), medium (~200) and large (~1,000) effects — preprocess,
//! structure, lowering, naga, lints — against naga's parse + validate of the same WGSL alone.

use std::fmt::Write as _;
use std::path::Path;

use criterion::{Criterion, criterion_group, criterion_main};

/// An effect of about `functions * 12` lines: uniforms, textures, helper functions and passes.
fn large_effect(functions: usize) -> String {
    let mut text = String::from(
        "struct VsOut { @builtin(position) pos: vec4<f32>, @location(0) uv: vec2<f32> }\n\
         @vertex fn vs(@builtin(vertex_index) i: u32) -> VsOut {\n\
             let uv = vec2<f32>(f32((i << 1u) & 2u), f32(i & 2u));\n\
             return VsOut(vec4<f32>(uv * 2.0 - 1.0, 0.0, 1.0), uv);\n\
         }\n\
         texture Color : COLOR;\n\
         sampler Linear { Texture = Color; };\n",
    );
    for i in 0..functions {
        let _ = writeln!(
            text,
            "uniform Amount{i}: f32 < ui_type = \"slider\"; ui_min = 0.0; ui_max = 2.0; ui_label = \"Amount {i}\"; > = 0.5;\n\
             texture Target{i} {{ Width = BUFFER_WIDTH / 2; Height = BUFFER_HEIGHT / 2; Format = RGBA16F; }};\n\
             fn helper{i}(c: vec4<f32>, uv: vec2<f32>) -> vec4<f32> {{\n\
                 var acc = c;\n\
                 for (var k = 0; k < 4; k++) {{\n\
                     acc = acc * 0.5 + vec4<f32>(uv, f32(k), 1.0) * Amount{i};\n\
                 }}\n\
                 return clamp(acc, vec4<f32>(0.0), vec4<f32>(1.0));\n\
             }}\n\
             @fragment fn ps{i}(v: VsOut) -> @location(0) vec4<f32> {{ return helper{i}(textureSample(Color, Linear, v.uv), v.uv); }}\n\
             @fragment fn show{i}(v: VsOut) -> @location(0) vec4<f32> {{ return textureLoad(Target{i}, vec2<i32>(v.pos.xy) / 2, 0); }}\n\
             technique T{i} {{ pass {{ VertexShader = vs; PixelShader = ps{i}; RenderTarget = Target{i}; }} pass {{ VertexShader = vs; PixelShader = show{i}; }} }}\n"
        );
    }
    text
}

fn bench(c: &mut Criterion) {
    let options = analysis::Options::default();
    for (size, functions) in [("small", 3), ("medium", 14), ("large", 75)] {
        let effect = large_effect(functions);
        let lines = effect.lines().count();
        let loaded = analysis::load_effect_with(
            Path::new("bench.wfx"),
            &analysis::MemoryLoader::new([("bench.wfx", effect.clone())]),
            &options,
        );
        assert!(
            loaded.diagnostics.is_empty(),
            "{}",
            loaded.render_diagnostics()
        );
        let wgsl = loaded.effect.expect("valid").wgsl().to_string();

        let mut group = c.benchmark_group(format!("check_{size}_{lines}_lines"));
        group.bench_function("fxbench_full_check", |b| {
            b.iter(|| {
                analysis::load_effect_with(
                    Path::new("bench.wfx"),
                    &analysis::MemoryLoader::new([("bench.wfx", effect.clone())]),
                    &options,
                )
            })
        });
        group.bench_function("naga_parse_validate", |b| {
            b.iter(|| {
                let module = naga::front::wgsl::parse_str(&wgsl).expect("parses");
                naga::valid::Validator::new(
                    naga::valid::ValidationFlags::all(),
                    naga::valid::Capabilities::default(),
                )
                .validate(&module)
                .expect("validates")
            })
        });
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
