//! A window that never blocks (issue #23): opening other effects, another shader choice,
//! performance mode and another input compile in the background. The frame that carries the
//! action out still draws the old chain, a later frame the new one, and a compile that fails
//! keeps the session as it was.
//!
//! Behaviour, not timings: each test checks what the chain is right after the action's frame
//! and then runs frames until the rebuild arrives (bounded), never how long it took.

mod common;

use std::path::{Path, PathBuf};

use analysis::CompileMode;
use app::session::input::InputChoice;
use app::session::spirv::ShaderChoice;
use app::window::{Command, StartOptions, WorkbenchApp};
use egui_kittest::Harness;

fn asset(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../assets")
        .join(name)
}

/// The window on `effects` over the test card at 64x32; `None` (the test skips) without a GPU.
fn open_window(effects: Vec<PathBuf>) -> Option<Harness<'static, WorkbenchApp>> {
    engine::testing::gpu()?;
    let options = StartOptions {
        effects,
        input: InputChoice::TestCard,
        resolution: Some((64, 32)),
        ..StartOptions::default()
    };
    let setup = common::wgpu_setup();
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1200.0, 600.0))
        .wgpu_setup(setup)
        .build_eframe(move |cc| WorkbenchApp::new(cc, options));
    harness.run_steps(3);
    assert!(
        harness.state().runtime().is_some(),
        "{}",
        harness.state().status()
    );
    Some(harness)
}

/// The running chain's rebuild count.
fn generation(harness: &Harness<'_, WorkbenchApp>) -> u64 {
    harness
        .state()
        .runtime()
        .expect("a chain runs")
        .chain()
        .generation()
}

/// Checks that the running chain's pipelines were built on a worker thread, not on the UI
/// thread (the test's) that draws the frames.
fn assert_built_off_the_ui_thread(harness: &Harness<'_, WorkbenchApp>) {
    let chain = harness.state().runtime().expect("a chain runs").chain();
    assert_ne!(
        chain.built_on(),
        std::thread::current().id(),
        "the chain was built on the UI thread"
    );
}

/// Carries `command` out in one frame, as a panel's click would be, and checks that frame
/// left the chain as it was and a compile is under way.
fn act(harness: &mut Harness<'_, WorkbenchApp>, command: Command) {
    let before = generation(harness);
    let size = harness
        .state()
        .runtime()
        .expect("a chain runs")
        .chain()
        .size();
    harness.state_mut().queue(command);
    harness.step();
    let runtime = harness.state().runtime().expect("the old chain still runs");
    assert_eq!(
        runtime.chain().generation(),
        before,
        "rebuilt in the action's frame"
    );
    assert_eq!(runtime.chain().size(), size);
    assert!(harness.state().is_compiling());
}

#[test]
fn another_shader_choice_is_built_after_the_frame_that_asked() {
    let Some(mut harness) = open_window(vec![asset("box_blur.fx")]) else {
        return;
    };
    let before = generation(&harness);
    act(&mut harness, Command::SetShaders(ShaderChoice::Spirv));
    assert!(matches!(
        harness
            .state()
            .runtime()
            .expect("runs")
            .chain()
            .options()
            .shaders,
        engine::Shaders::Naga
    ));
    assert_eq!(harness.state().shaders(), ShaderChoice::Wgpu);
    common::settle(&mut harness);
    assert_eq!(harness.state().status(), "running naga SPIR-V");
    assert_eq!(harness.state().shaders(), ShaderChoice::Spirv);
    let runtime = harness.state().runtime().expect("runs");
    assert!(matches!(
        runtime.chain().options().shaders,
        engine::Shaders::Spirv(_)
    ));
    assert_eq!(runtime.chain().generation(), before + 1);
    assert_built_off_the_ui_thread(&harness);
}

#[test]
fn performance_mode_is_built_after_the_frame_that_asked() {
    let Some(mut harness) = open_window(vec![asset("vignette.fx")]) else {
        return;
    };
    let before = generation(&harness);
    act(
        &mut harness,
        Command::SetCompileMode(CompileMode::Performance),
    );
    assert_eq!(harness.state().compile_mode(), CompileMode::Normal);
    common::settle(&mut harness);
    assert_eq!(harness.state().compile_mode(), CompileMode::Performance);
    assert_eq!(
        harness.state().status(),
        "performance mode: uniforms compiled in"
    );
    let runtime = harness.state().runtime().expect("runs");
    assert_eq!(runtime.chain().generation(), before + 1);
    let chain = runtime.chain();
    let effect = chain.effect_at(0).expect("one effect");
    assert!(
        chain.effect(effect).uniforms().iter().any(|u| u.constant),
        "no uniform was compiled in"
    );
    assert_built_off_the_ui_thread(&harness);
}

#[test]
fn another_input_size_is_built_after_the_frame_that_asked() {
    let Some(mut harness) = open_window(vec![asset("box_blur.fx")]) else {
        return;
    };
    let options = StartOptions {
        resolution: Some((96, 48)),
        ..harness.state().opened().clone()
    };
    act(&mut harness, Command::Open(options));
    assert_eq!(harness.state().opened().resolution, Some((64, 32)));
    common::settle(&mut harness);
    assert_eq!(harness.state().status(), "input changed");
    assert_eq!(harness.state().opened().resolution, Some((96, 48)));
    let runtime = harness.state().runtime().expect("runs");
    assert_eq!(runtime.chain().size(), (96, 48));
    assert_built_off_the_ui_thread(&harness);
}

#[test]
fn other_effects_open_after_the_frame_that_asked() {
    let Some(mut harness) = open_window(vec![asset("box_blur.fx")]) else {
        return;
    };
    let vignette = asset("vignette.fx");
    let options = StartOptions {
        effects: vec![vignette.clone()],
        ..harness.state().opened().clone()
    };
    act(&mut harness, Command::Open(options));
    let name = |h: &Harness<'_, WorkbenchApp>| {
        let chain = h.state().runtime().expect("a chain runs").chain();
        let effect = chain.effect_at(0).expect("one effect");
        chain.effect(effect).path().to_path_buf()
    };
    assert_eq!(name(&harness), asset("box_blur.fx"));
    assert_eq!(harness.state().opened().effects, vec![asset("box_blur.fx")]);
    common::settle(&mut harness);
    assert_eq!(name(&harness), vignette);
    assert_eq!(harness.state().opened().effects, vec![vignette]);
    assert_built_off_the_ui_thread(&harness);
}

#[test]
fn a_compile_that_fails_keeps_the_session() {
    // Compiles at 64x32, not wider than 1000 texels.
    let dir = std::env::temp_dir().join(format!("fxbench-never-blocks-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let effect = dir.join("narrow.fx");
    std::fs::write(
        &effect,
        "#include \"ReShade.fxh\"\n\
         #if BUFFER_WIDTH > 1000\n#error \"too wide\"\n#endif\n\
         float4 PS(float4 p : SV_Position, float2 uv : TEXCOORD) : SV_Target \
         { return tex2D(ReShade::BackBuffer, uv).bgra; }\n\
         technique Narrow { pass { VertexShader = PostProcessVS; PixelShader = PS; } }\n",
    )
    .unwrap();
    let Some(mut harness) = open_window(vec![effect.clone()]) else {
        return;
    };
    let before = generation(&harness);
    let options = StartOptions {
        resolution: Some((1280, 720)),
        ..harness.state().opened().clone()
    };
    act(&mut harness, Command::Open(options));
    common::settle(&mut harness);
    assert_eq!(
        harness.state().status(),
        "the effects have errors (see Diagnostics)"
    );
    let runtime = harness.state().runtime().expect("the old chain still runs");
    assert_eq!(runtime.chain().size(), (64, 32));
    assert_eq!(runtime.chain().generation(), before);
    assert_eq!(harness.state().opened().resolution, Some((64, 32)));
    assert!(
        harness
            .state()
            .diagnostics()
            .iter()
            .any(|row| row.message.contains("too wide")),
        "the error is shown"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
