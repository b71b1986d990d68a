//! Two chains compared on a headless device: identical sides agree with every runtime source
//! shared, an intermediate render target is compared after its pass, and a difference of three
//! 8-bit steps is found where it is.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use super::*;
use crate::chain::ChainOptions;
use crate::testing;

const SIZE: (u32, u32) = (16, 8);

/// Loads `text` as `dir/compare.fx` (its own folder per call), with ReShade.fxh on the path.
fn load(dir: &str, text: &str) -> analysis::ValidatedEffect {
    let dir = std::env::temp_dir().join(format!("fxbench-compare-{dir}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("compare.fx");
    std::fs::write(&path, text).unwrap();
    let options = analysis::Options {
        buffer_width: SIZE.0,
        buffer_height: SIZE.1,
        builtin_include_dir: std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../assets/reshade"),
        ..Default::default()
    };
    let output = analysis::load_effect(&path, &options);
    let diagnostics = output.render_diagnostics();
    output.effect.unwrap_or_else(|| panic!("{diagnostics}"))
}

/// Sources into a float render target (pass 0), then that target over the back buffer plus
/// `bias` (pass 1).
fn effect(bias: &str) -> String {
    format!(
        r#"#include "ReShade.fxh"
uniform float Timer < source = "timer"; >;
uniform int Rand < source = "random"; min = 0; max = 1000; >;
uniform int Count < source = "framecount"; >;
texture Tmp {{ Width = BUFFER_WIDTH; Height = BUFFER_HEIGHT; Format = RGBA16F; }};
sampler sTmp {{ Texture = Tmp; }};
float4 PS1(float4 p : SV_Position, float2 uv : TEXCOORD) : SV_Target
{{ return float4(Timer * 0.001, Rand / 1000.0, Count * 0.25, uv.x); }}
float4 PS2(float4 p : SV_Position, float2 uv : TEXCOORD) : SV_Target
{{ return saturate(tex2D(sTmp, uv) * 0.5 + tex2D(ReShade::BackBuffer, uv) * 0.25 + {bias}); }}
technique T {{
    pass One {{ VertexShader = PostProcessVS; PixelShader = PS1; RenderTarget = Tmp; }}
    pass {{ VertexShader = PostProcessVS; PixelShader = PS2; }}
}}"#
    )
}

fn chain(ctx: &crate::GpuContext, effect: analysis::ValidatedEffect) -> EffectChain {
    EffectChain::new(ctx, vec![effect], SIZE, &ChainOptions::default()).unwrap()
}

fn input(ctx: &crate::GpuContext) -> InputTexture {
    let card = crate::input::test_card(SIZE.0, SIZE.1);
    InputTexture::upload(&ctx.device, &ctx.queue, &card, "compare test input")
}

#[test]
fn identical_sides_agree_with_sources_shared_on_every_pass() {
    let Some(ctx) = testing::gpu() else {
        return;
    };
    let fx = effect("0.0");
    let (mut a, mut b) = (
        chain(&ctx, load("same-a", &fx)),
        chain(&ctx, load("same-b", &fx)),
    );
    let mut frames_seen = Vec::new();
    let mut animate = |elapsed: u64| frames_seen.push(elapsed);
    let options = CompareOptions::default();
    let comparison = compare_chains(&mut a, &mut b, &input(&ctx), &mut animate, &options)
        .expect("both sides run");
    assert_eq!(frames_seen, [0, 16_666_667, 33_333_334, 50_000_001]);
    // The sources of the last frame (frame 3), the same on both sides.
    let e = a.effect_indices().next().unwrap();
    let values = a.uniform_values(e).to_vec();
    assert_eq!(values, b.uniform_values(e));
    assert_eq!(values[0], [50.000_001]);
    assert_eq!(values[2], [3.0]);
    assert!((0.0..=1000.0).contains(&values[1][0]));
    // Pass One's target, pass 1's back buffer, the output.
    let probes: Vec<(Option<usize>, &str)> = comparison
        .probes
        .iter()
        .map(|p| (p.pass.map(|r| r.pass), p.resource_name.as_str()))
        .collect();
    assert_eq!(
        probes,
        [
            (Some(0), "compare.fx: Tmp"),
            (Some(1), "back buffer"),
            (None, "back buffer")
        ]
    );
    assert_eq!(comparison.probes[0].pass_name.as_deref(), Some("One"));
    for probe in &comparison.probes {
        let diff = probe.diff.as_ref().expect("captured on both sides");
        assert_eq!(diff.over, 0, "{probe:?}");
        assert_eq!(diff.max_abs, [0.0; 4], "{probe:?}");
    }
    assert!(comparison.probes[0].diff.as_ref().unwrap().float);
    assert!(!comparison.probes[2].diff.as_ref().unwrap().float);
    assert!(comparison.agrees());
    let (ours, theirs) = comparison.outputs.as_ref().expect("the outputs");
    assert_eq!(ours.texels, theirs.texels);
}

#[test]
fn three_steps_apart_is_over_the_tolerance_everywhere_after_the_pass_that_adds_them() {
    let Some(ctx) = testing::gpu() else {
        return;
    };
    // 3/255 more on their side: within 0..1 after saturate for the test card's colours, except
    // where a channel already saturates.
    let mut a = chain(&ctx, load("bias-a", &effect("0.0")));
    let mut b = chain(&ctx, load("bias-b", &effect("3.0 / 255.0")));
    let comparison = compare_chains(
        &mut a,
        &mut b,
        &input(&ctx),
        &mut |_| {},
        &CompareOptions {
            frames: 1,
            tolerance: Tolerance::default(),
        },
    )
    .expect("both sides run");
    assert!(comparison.probes[0].agrees(), "the target before the bias");
    let pass1 = comparison.probes[1].diff.as_ref().unwrap();
    assert_eq!(pass1.over, u64::from(SIZE.0 * SIZE.1));
    let first = pass1.first_over.expect("a first texel");
    assert_eq!((first.x, first.y), (0, 0));
    let steps = ((first.theirs[0] - first.ours[0]) * 255.0).round();
    assert!((3.0..=4.0).contains(&steps), "{first:?}");
    assert!(!comparison.agrees());
    // Within four steps the same frames agree (the target's 8-bit store rounds each side's sum
    // on its own, so a shift of 3/255 lands 3 or 4 steps apart).
    let comparison = compare_chains(
        &mut a,
        &mut b,
        &input(&ctx),
        &mut |_| {},
        &CompareOptions {
            frames: 1,
            tolerance: Tolerance::unorm_steps(4.0),
        },
    )
    .expect("both sides run");
    assert!(comparison.agrees(), "{:?}", comparison.probes);
}

#[test]
fn chains_of_other_effects_are_not_compared() {
    let Some(ctx) = testing::gpu() else {
        return;
    };
    let mut a = chain(&ctx, load("shape-a", &effect("0.0")));
    let other = effect("0.0").replace("technique T", "technique U");
    let mut b = chain(&ctx, load("shape-b", &other));
    let error = compare_chains(
        &mut a,
        &mut b,
        &input(&ctx),
        &mut |_| {},
        &CompareOptions::default(),
    )
    .expect_err("other techniques");
    assert!(matches!(error, CompareError::Mismatch(_)), "{error}");
}
