//! Performance mode end to end: uniforms folded into constants at the chain's values render what
//! the uniform buffer renders, uniforms fed by a source stay live, and folded ones cannot be
//! changed until performance mode is turned off again.

mod common;

use app::session::document::{CompileSettings, Document};
use engine::{FrameInput, InputTexture, RgbaImage, testing};

fn render_frame(
    ctx: &engine::GpuContext,
    chain: &mut engine::EffectChain,
    image: &RgbaImage,
    frame: &FrameInput,
) -> RgbaImage {
    let input = InputTexture::upload(&ctx.device, &ctx.queue, image, "input");
    chain.render_blocking(&input, frame).expect("renders");
    engine::input::read_texture(&ctx.device, &ctx.queue, chain.output()).expect("read")
}

#[test]
fn the_demo_preset_renders_the_same_in_performance_mode() {
    let Some(ctx) = testing::gpu() else { return };
    let image = engine::input::test_card(96, 64);
    let document = Document::with_preset(&common::repo().join("presets/demo.ini"), Vec::new())
        .expect("preset");
    let mut chain = common::chain_for(&ctx, &document, &image);
    let frame = FrameInput::default();
    let normal = render_frame(&ctx, &mut chain, &image, &frame);

    let compiled = document.compile_in((96, 64), &Document::performance_mode(&chain));
    assert!(!compiled.has_errors(), "{}", compiled.render_diagnostics());
    chain.reload(compiled.effects, (96, 64)).expect("reloads");
    // Every uniform of the demo is folded, at the preset's values (not the initial ones).
    for e in chain.effect_indices() {
        let effect = chain.effect(e);
        assert!(
            effect.uniforms().iter().all(|u| u.constant),
            "{}",
            effect.path().display()
        );
        assert_eq!(effect.uniform_buffer_size(), 0);
    }
    let vignette = chain
        .effect_indices()
        .find(|&e| chain.effect(e).path().ends_with("vignette.wfx"))
        .expect("the demo has the vignette");
    let strength = chain.effect(vignette).find_uniform("Strength").unwrap();
    assert_eq!(chain.uniform_values(vignette)[strength.index()], [0.8]);

    let folded = render_frame(&ctx, &mut chain, &image, &frame);
    let (max, mean) = common::compare(&folded, &normal);
    assert!(max <= 1, "max difference {max}, mean {mean}");
}

#[test]
fn sourced_uniforms_stay_live_and_folded_ones_stay_fixed() {
    let Some(ctx) = testing::gpu() else { return };
    let dir = std::env::temp_dir().join(format!("fxbench-perf-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("timer.wfx");
    std::fs::write(
        &path,
        "#include \"shaders/fxbench.wfxh\"\n\
         uniform Seconds: f32 < source = \"timer\"; >;\n\
         uniform Green: f32 < ui_type = \"slider\"; > = 0.5;\n\
         @fragment fn ps(in: PostProcessOut) -> @location(0) vec4<f32> {\n\
             return vec4<f32>(fract(Seconds / 1000.0), Green, 0.0, 1.0);\n\
         }\n\
         technique Timer < enabled = true; > { pass { VertexShader = PostProcessVS; PixelShader = ps; } }\n",
    )
    .unwrap();
    let image = engine::input::test_card(8, 8);
    let document = Document::with_effects(vec![path]);
    let mut chain = common::chain_for(&ctx, &document, &image);
    let timer = chain.effect_at(0).expect("one effect");
    let green = chain.effect(timer).find_uniform("Green").unwrap();
    chain.set_uniform(timer, green, vec![0.25]);

    let mode = Document::performance_mode(&chain);
    assert!(matches!(mode, CompileSettings::Performance(_)));
    let compiled = document.compile_in((8, 8), &mode);
    chain.reload(compiled.effects, (8, 8)).expect("reloads");
    let effect = chain.effect(timer);
    assert!(!effect.uniforms()[0].constant, "the timer stays a uniform");
    assert!(effect.uniforms()[1].constant);
    // Folded at the value the user had set; setting another does nothing now.
    chain.set_uniform(timer, green, vec![1.0]);
    assert_eq!(chain.uniform_values(timer)[green.index()], [0.25]);

    let at = |ms: u64| FrameInput {
        elapsed_ns: ms * 1_000_000,
        ..FrameInput::default()
    };
    let first = render_frame(&ctx, &mut chain, &image, &at(250));
    let second = render_frame(&ctx, &mut chain, &image, &at(750));
    // Red follows the timer (0.25 s, then 0.75 s); green is the folded 0.25.
    assert_eq!(first.pixel(3, 3), [64, 64, 0, 255]);
    assert_eq!(second.pixel(3, 3), [191, 64, 0, 255]);

    // Back to normal mode: the value comes back editable.
    let compiled = document.compile_in((8, 8), &CompileSettings::Normal);
    chain.reload(compiled.effects, (8, 8)).expect("reloads");
    assert!(!chain.effect(timer).uniforms()[1].constant);
    chain.set_uniform(timer, green, vec![1.0]);
    let third = render_frame(&ctx, &mut chain, &image, &at(750));
    assert_eq!(third.pixel(3, 3), [191, 255, 0, 255]);
    let _ = std::fs::remove_dir_all(&dir);
}
