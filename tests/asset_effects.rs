//! The shipped effects, rendered headless over a known image, against CPU implementations of the
//! same maths; and their GPU timings.

mod common;

use app::session::document::Document;
use common::*;
use engine::testing;

/// The test image: the built-in test card, small enough for a CPU reference.
fn test_image() -> engine::RgbaImage {
    engine::input::test_card(96, 64)
}

/// CPU version of assets/gaussian_blur.wfx.
fn blur_reference(input: &FloatImage) -> FloatImage {
    const RADIUS: i32 = 4;
    const SIGMA: f32 = 2.0;
    let weight = |k: i32| (-((k * k) as f32) / (2.0 * SIGMA * SIGMA)).exp();
    let total: f32 = (-RADIUS..=RADIUS).map(weight).sum();
    let (hw, hh) = (input.width / 2, input.height / 2);
    // Pass 1: 2x2 box (bilinear at the block centre), then horizontal blur, stored as RGBA16F.
    let mut half = FloatImage {
        width: hw,
        height: hh,
        data: vec![[0.0; 4]; hw * hh],
    };
    for y in 0..hh {
        for x in 0..hw {
            half.data[y * hw + x] =
                blur_half_texel(input, x, y).map(|s| half::f16::from_f32(s).to_f32());
        }
    }
    // Pass 2: vertical blur of the half-size image, bilinear upscale to full size.
    let mut out = FloatImage {
        width: input.width,
        height: input.height,
        data: vec![[0.0; 4]; input.width * input.height],
    };
    for y in 0..input.height {
        for x in 0..input.width {
            let u = (x as f32 + 0.5) / input.width as f32;
            let v = (y as f32 + 0.5) / input.height as f32;
            let mut sum = [0.0f32; 4];
            for k in -RADIUS..=RADIUS {
                let s = half.bilinear(u, v + k as f32 / hh as f32);
                for (acc, value) in sum.iter_mut().zip(s) {
                    *acc += weight(k) * value;
                }
            }
            out.data[y * input.width + x] = sum.map(|s| s / total);
        }
    }
    out
}

/// CPU version of assets/vignette.wfx.
fn vignette_reference(input: &FloatImage, strength: f32, inner: f32) -> FloatImage {
    let smoothstep = |e0: f32, e1: f32, x: f32| {
        let t = ((x - e0) / (e1 - e0)).clamp(0.0, 1.0);
        t * t * (3.0 - 2.0 * t)
    };
    let mut out = input.clone();
    for y in 0..input.height {
        for x in 0..input.width {
            let u = (x as f32 + 0.5) / input.width as f32;
            let v = (y as f32 + 0.5) / input.height as f32;
            let d = (u - 0.5).hypot(v - 0.5) * std::f32::consts::SQRT_2;
            let factor = 1.0 - strength * smoothstep(inner, 1.0, d);
            let p = input.at(x, y);
            out.data[y * input.width + x] = [p[0] * factor, p[1] * factor, p[2] * factor, p[3]];
        }
    }
    out
}

#[test]
fn gaussian_blur_matches_cpu_reference() {
    let Some(ctx) = testing::gpu() else { return };
    let image = test_image();
    let document = Document::with_effects(vec![asset("gaussian_blur.wfx")]);
    let mut chain = chain_for(&ctx, &document, &image);
    let actual = render(&ctx, &mut chain, &image, 1);
    let expected = blur_reference(&FloatImage::from_rgba8(&image)).to_rgba8();
    let (max, mean) = compare(&actual, &expected);
    // Tolerance: GPUs filter with reduced-precision weights (8 fractional bits on llvmpipe), so
    // allow 2 steps of 255 anywhere and a mean under a quarter step.
    assert!(max <= 2 && mean < 0.25, "max diff {max}, mean {mean}");
    // The blur really blurs: it differs clearly from its input.
    let (max_vs_input, _) = compare(&actual, &image);
    assert!(
        max_vs_input > 40,
        "blurred image too close to the input ({max_vs_input})"
    );
}

#[test]
fn vignette_matches_cpu_reference_with_initial_and_preset_values() {
    let Some(ctx) = testing::gpu() else { return };
    let image = test_image();
    let input = FloatImage::from_rgba8(&image);

    // Initial values from the effect: Strength 0.6, Inner 0.4.
    let document = Document::with_effects(vec![asset("vignette.wfx")]);
    let mut chain = chain_for(&ctx, &document, &image);
    let actual = render(&ctx, &mut chain, &image, 1);
    let (max, mean) = compare(&actual, &vignette_reference(&input, 0.6, 0.4).to_rgba8());
    assert!(
        max <= 1 && mean < 0.1,
        "initial values: max diff {max}, mean {mean}"
    );

    // The demo preset sets Strength 0.8, Inner 0.3; render the vignette alone with those values.
    let mut document = Document::with_preset(
        &repo().join("presets/demo.ini"),
        vec![asset("vignette.wfx")],
    )
    .expect("preset loads");
    document.effect_paths = vec![asset("vignette.wfx")];
    let mut chain = chain_for(&ctx, &document, &image);
    let actual = render(&ctx, &mut chain, &image, 1);
    let (max, mean) = compare(&actual, &vignette_reference(&input, 0.8, 0.3).to_rgba8());
    assert!(
        max <= 1 && mean < 0.1,
        "preset values: max diff {max}, mean {mean}"
    );
}

#[test]
fn demo_preset_runs_blur_then_vignette_without_copies() {
    let Some(ctx) = testing::gpu() else { return };
    let image = test_image();
    let document =
        Document::with_preset(&repo().join("presets/demo.ini"), Vec::new()).expect("preset loads");
    let mut chain = chain_for(&ctx, &document, &image);
    let order: Vec<String> = chain
        .order()
        .iter()
        .map(|k| chain.technique(*k).name.clone())
        .collect();
    assert_eq!(order, ["GaussianBlur", "Vignette"]);
    let actual = render(&ctx, &mut chain, &image, 1);
    let blurred = blur_reference(&FloatImage::from_rgba8(&image));
    let expected = vignette_reference(&blurred, 0.8, 0.3).to_rgba8();
    let (max, mean) = compare(&actual, &expected);
    assert!(max <= 2 && mean < 0.25, "max diff {max}, mean {mean}");
    // Three full-screen passes, two onto the back buffer: ping-pong and a direct write to the
    // output need no copy (ReShade would make 1 + 2).
    assert_eq!(chain.copies_last_frame(), 0);
}

#[test]
fn disabled_techniques_leave_the_input_untouched_with_one_copy() {
    let Some(ctx) = testing::gpu() else { return };
    let image = test_image();
    let document =
        Document::with_preset(&repo().join("presets/demo.ini"), Vec::new()).expect("preset loads");
    let mut chain = chain_for(&ctx, &document, &image);
    for key in chain.order().to_vec() {
        chain.set_enabled(key, false);
    }
    let actual = render(&ctx, &mut chain, &image, 1);
    assert_eq!(actual, image);
    assert_eq!(chain.copies_last_frame(), 1);
}

#[test]
fn every_pass_reports_gpu_time() {
    let Some(ctx) = testing::timestamp_gpu() else {
        return;
    };
    let image = test_image();
    let document =
        Document::with_preset(&repo().join("presets/demo.ini"), Vec::new()).expect("preset loads");
    let mut chain = chain_for(&ctx, &document, &image);
    render(&ctx, &mut chain, &image, 5);
    chain.flush_timings();
    for key in chain.order().to_vec() {
        let technique = chain.technique(key);
        let timings = chain.timings(key).expect("enabled techniques are timed");
        let technique_ns = timings.gpu_ns.mean().expect("technique has GPU samples");
        assert!(
            technique_ns > 0,
            "{}: GPU time {technique_ns}",
            technique.name
        );
        assert_eq!(timings.passes_gpu_ns.len(), technique.passes.len());
        let mut pass_sum = 0;
        for (i, pass) in timings.passes_gpu_ns.iter().enumerate() {
            let ns = pass.mean().expect("pass has GPU samples");
            assert!(ns > 0, "{} pass {i}: GPU time {ns}", technique.name);
            pass_sum += ns;
        }
        // The technique spans its passes: never shorter than their sum (up to rounding).
        assert!(
            technique_ns + 1_000 >= pass_sum,
            "{}: {technique_ns} < {pass_sum}",
            technique.name
        );
        assert!(timings.cpu_ns.mean().is_some());
    }
}

#[test]
fn every_shipped_preset_needs_fewer_copies_than_reshade() {
    let Some(ctx) = testing::gpu() else { return };
    let image = test_image();
    let mut seen = 0;
    for entry in std::fs::read_dir(repo().join("presets")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "ini") {
            continue;
        }
        let document = Document::with_preset(&path, Vec::new()).expect("preset loads");
        let mut chain = chain_for(&ctx, &document, &image);
        render(&ctx, &mut chain, &image, 1);
        // Every shipped effect draws full-screen triangles without blending: no copies at all,
        // where ReShade makes one before each technique and one after each back-buffer pass
        // that another pass of its technique follows.
        assert_eq!(chain.copies_last_frame(), 0, "{}", path.display());
        let techniques = chain
            .order()
            .iter()
            .filter(|k| chain.is_enabled(**k))
            .count();
        assert!(techniques >= 1, "{}", path.display());
        assert!(
            chain.reshade_copies_per_frame() as usize >= techniques,
            "{}",
            path.display()
        );
        seen += 1;
    }
    assert!(seen >= 2);
}

#[test]
fn reload_at_a_new_size_keeps_order_enabled_state_and_values() {
    let Some(ctx) = testing::gpu() else { return };
    let image = test_image();
    let document =
        Document::with_preset(&repo().join("presets/demo.ini"), Vec::new()).expect("preset loads");
    let mut chain = chain_for(&ctx, &document, &image);
    let blur = chain.find("GaussianBlur", None).unwrap();
    let vignette = chain.find("Vignette", None).unwrap();
    chain.set_order(&[vignette, blur]);
    chain.set_enabled(blur, false);
    let strength = chain
        .effect(vignette.effect)
        .find_uniform("Strength")
        .unwrap();
    chain.set_uniform(vignette.effect, strength, vec![0.25]);

    // The same effects compiled for a smaller back buffer.
    let small = engine::input::test_card(48, 32);
    let compiled = document.compile((small.width, small.height));
    chain
        .reload(compiled.effects, (small.width, small.height))
        .expect("reloads");
    assert_eq!(chain.size(), (48, 32));
    let names: Vec<String> = chain
        .order()
        .iter()
        .map(|k| chain.technique(*k).name.clone())
        .collect();
    assert_eq!(names, ["Vignette", "GaussianBlur"]);
    let blur = chain.find("GaussianBlur", None).unwrap();
    let vignette = chain.find("Vignette", None).unwrap();
    assert!(!chain.is_enabled(blur) && chain.is_enabled(vignette));
    let strength = chain
        .effect(vignette.effect)
        .find_uniform("Strength")
        .unwrap();
    assert_eq!(
        chain.uniform_values(vignette.effect)[strength.index()],
        vec![0.25]
    );
    // And it renders the vignette alone, with the kept value, at the new size.
    let out = render(&ctx, &mut chain, &small, 1);
    let expected = vignette_reference(&FloatImage::from_rgba8(&small), 0.25, 0.3).to_rgba8();
    let (max, mean) = compare(&out, &expected);
    assert!(max <= 1 && mean < 0.1, "max {max}, mean {mean}");
}

/// CPU version of assets/box_blur.fx: a 5-tap horizontal box (stored as RGBA16F), then a 5-tap
/// vertical one, both clamped at the edges.
fn box_blur_reference(input: &FloatImage) -> FloatImage {
    const RADIUS: i32 = 2;
    let (w, h) = (input.width as i32, input.height as i32);
    let pass = |src: &FloatImage, dx: i32, dy: i32, round: bool| {
        let mut out = src.clone();
        for y in 0..h {
            for x in 0..w {
                let mut sum = [0.0f32; 4];
                for i in -RADIUS..=RADIUS {
                    let sx = (x + dx * i).clamp(0, w - 1) as usize;
                    let sy = (y + dy * i).clamp(0, h - 1) as usize;
                    for (acc, v) in sum.iter_mut().zip(src.at(sx, sy)) {
                        *acc += v;
                    }
                }
                let avg = sum.map(|s| s / (2 * RADIUS + 1) as f32);
                out.data[(y * w + x) as usize] = if round {
                    avg.map(|v| half::f16::from_f32(v).to_f32())
                } else {
                    avg
                };
            }
        }
        out
    };
    let horizontal = pass(input, 1, 0, true);
    pass(&horizontal, 0, 1, false)
}

#[test]
fn fx_vignette_matches_cpu_reference() {
    let Some(ctx) = testing::gpu() else { return };
    let image = test_image();
    let input = FloatImage::from_rgba8(&image);
    let document = Document::with_effects(vec![asset("vignette.fx")]);
    let mut chain = chain_for(&ctx, &document, &image);
    let actual = render(&ctx, &mut chain, &image, 1);
    let (max, mean) = compare(&actual, &vignette_reference(&input, 0.6, 0.4).to_rgba8());
    // Tolerance: the same maths as the WFX vignette, so the same bound: 1 step of 255.
    assert!(max <= 1 && mean < 0.1, "max diff {max}, mean {mean}");
}

#[test]
fn fx_box_blur_matches_cpu_reference() {
    let Some(ctx) = testing::gpu() else { return };
    let image = test_image();
    let document = Document::with_effects(vec![asset("box_blur.fx")]);
    let mut chain = chain_for(&ctx, &document, &image);
    let actual = render(&ctx, &mut chain, &image, 1);
    let expected = box_blur_reference(&FloatImage::from_rgba8(&image)).to_rgba8();
    let (max, mean) = compare(&actual, &expected);
    // Tolerance: texel fetches, no filtering; only the RGBA16F intermediate and the final
    // rounding differ, so 1 step of 255.
    assert!(max <= 1 && mean < 0.1, "max diff {max}, mean {mean}");
    let (max_vs_input, _) = compare(&actual, &image);
    assert!(
        max_vs_input > 40,
        "blurred image too close to the input ({max_vs_input})"
    );
}

#[test]
fn preset_naming_an_fx_technique_applies_its_values() {
    let Some(ctx) = testing::gpu() else { return };
    let image = test_image();
    let input = FloatImage::from_rgba8(&image);
    // A preset beside nothing: the effect is found among the built-in assets by its file name.
    let dir = std::env::temp_dir().join(format!("fxbench-fx-preset-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let preset = dir.join("fx.ini");
    let text = "Techniques=VignetteFX@vignette.fx\n[vignette.fx]\nStrength=0.8\nInner=0.3\n";
    std::fs::write(&preset, text).expect("preset written");
    let document = Document::with_preset(&preset, Vec::new()).expect("preset loads");
    let _ = std::fs::remove_dir_all(&dir);
    let mut chain = chain_for(&ctx, &document, &image);
    let actual = render(&ctx, &mut chain, &image, 1);
    let (max, mean) = compare(&actual, &vignette_reference(&input, 0.8, 0.3).to_rgba8());
    assert!(max <= 1 && mean < 0.1, "max diff {max}, mean {mean}");
}

#[test]
fn fx_matrices_follow_hlsl_conventions() {
    let Some(ctx) = testing::gpu() else { return };
    let image = test_image();
    // Row-major constructor, `mul` both ways, `_m01`, row indexing and a component-wise `*`.
    let text = r#"
static const float2x2 M = float2x2(0.1, 0.2, 0.3, 0.4);
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target
{
    float2 row0 = mul(float2(1, 0), M);    // (0.1, 0.2): the first row
    float2 col0 = mul(M, float2(1, 0));    // (0.1, 0.3): the first column
    float2x2 sq = M * M;                   // component-wise: (0.01, 0.04, 0.09, 0.16)
    float2x2 prod = mul(M, M);             // (0.07, 0.10, 0.15, 0.22)
    if (pos.x < 1)
        return float4(row0, col0);
    if (pos.x < 2)
        return float4(M._m01, M[1], sq._m11);
    return float4(prod[0], prod._m10, prod._m11);
}
void VS(in uint id : SV_VertexID, out float4 pos : SV_Position, out float2 uv : TEXCOORD)
{
    uv = float2(id == 2 ? 2.0 : 0.0, id == 1 ? 2.0 : 0.0);
    pos = float4(uv * float2(2, -2) + float2(-1, 1), 0, 1);
}
technique Matrices < enabled = true; > { pass { VertexShader = VS; PixelShader = PS; } }
"#;
    let dir = std::env::temp_dir().join(format!("fxbench-fx-matrices-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("matrices.fx");
    std::fs::write(&path, text).expect("effect written");
    let document = Document::with_effects(vec![path]);
    let mut chain = chain_for(&ctx, &document, &image);
    let _ = std::fs::remove_dir_all(&dir);
    let actual = render(&ctx, &mut chain, &image, 1);
    let byte = |v: f32| (v * 255.0).round() as u8;
    let expect = [
        [0.1, 0.2, 0.1, 0.3],
        [0.2, 0.3, 0.4, 0.16],
        [0.07, 0.10, 0.15, 0.22],
    ];
    for (x, want) in expect.iter().enumerate() {
        let got = actual.pixel(x as u32, 0);
        let want = want.map(byte);
        for c in 0..4 {
            assert!(
                got[c].abs_diff(want[c]) <= 1,
                "pixel {x}: got {got:?}, want {want:?}"
            );
        }
    }
}
