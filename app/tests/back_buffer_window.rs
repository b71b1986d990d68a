//! The window on wide back buffers (issue #26): the tool bar's Back buffer box rebuilds the chain
//! off the UI thread keeping the session, a back buffer the effect refuses keeps the last good
//! chain and says why, the choice survives a restart, the preview's display transform matches
//! its CPU reference while the chain's own output stays as stored, and the inspector gives the
//! stored value and its nits.
#![allow(clippy::unwrap_used)] // Helpers of tests unwrap as the tests do.

mod common;

use std::path::PathBuf;

use analysis::{BackBuffer, BackBufferFormat, ColorSpace};
use app::session::input::InputChoice;
use app::window::{Command, StartOptions, WorkbenchApp};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use engine::display::{DisplayCurve, DisplayTransform};

/// Writes the macros and a `Gain` uniform (technique `Macros`), after a `Second` technique that
/// turns the image blue: a session with a value, an order and a toggle to keep.
const MACROS: &str = r#"#include "ReShade.fxh"
uniform float Gain < ui_type = "slider"; ui_min = 0.0; ui_max = 4.0; > = 0.5;
float4 macros(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target
{
    return float4(BUFFER_COLOR_SPACE / 8.0, BUFFER_COLOR_BIT_DEPTH / 32.0, Gain, 1.0);
}
float4 blue(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target
{
    return float4(0.0, 0.0, 1.0, 1.0);
}
technique Macros { pass { VertexShader = PostProcessVS; PixelShader = macros; } }
technique Second { pass { VertexShader = PostProcessVS; PixelShader = blue; } }
"#;

fn temp_effect(name: &str, text: &str) -> (PathBuf, PathBuf) {
    let dir = std::env::temp_dir().join(format!("fxbench-bbwin-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let effect = dir.join(format!("{name}.fx"));
    std::fs::write(&effect, text).unwrap();
    (dir, effect)
}

fn harness_with(
    options: StartOptions,
    storage: Option<common::MemoryStorage>,
) -> Harness<'static, WorkbenchApp> {
    let setup = common::wgpu_setup();
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1600.0, 800.0))
        .wgpu_setup(setup)
        .build_eframe(move |cc| {
            WorkbenchApp::with_storage(
                cc,
                options,
                storage.as_ref().map(|s| s as &dyn eframe::Storage),
            )
        });
    harness.run_steps(3);
    assert!(
        harness.state().runtime().is_some(),
        "{}",
        harness.state().status()
    );
    harness
}

/// The window on `effect` over the test card at 16x8.
fn open(effect: PathBuf, back_buffer: Option<BackBuffer>) -> Harness<'static, WorkbenchApp> {
    harness_with(
        StartOptions {
            effects: vec![effect],
            input: InputChoice::TestCard,
            resolution: Some((16, 8)),
            back_buffer,
            ..StartOptions::default()
        },
        None,
    )
}

fn runtime<'a>(harness: &'a Harness<'_, WorkbenchApp>) -> &'a app::window::runtime::Runtime {
    harness.state().runtime().expect("a chain runs")
}

/// The chain's output pixel (3, 2) as stored.
fn stored_output(harness: &Harness<'_, WorkbenchApp>) -> [f32; 4] {
    let runtime = runtime(harness);
    let ctx = runtime.gpu();
    engine::input::read_texture_stored(&ctx.device, &ctx.queue, runtime.chain().output())
        .expect("a back-buffer format")
        .expect("read back")
        .pixel(3, 2)
}

/// What the preview shows at pixel (3, 2) through the display transform.
fn shown(harness: &Harness<'_, WorkbenchApp>) -> [u8; 4] {
    let runtime = runtime(harness);
    let ctx = runtime.gpu();
    let texture = runtime.display_texture().expect("a display transform");
    engine::input::read_texture(&ctx.device, &ctx.queue, texture)
        .expect("read back")
        .pixel(3, 2)
}

/// Clicks the tool bar combo box showing `current`, then `choice` in its list.
fn choose(harness: &mut Harness<'_, WorkbenchApp>, current: &str, choice: &str) {
    harness
        .get_all_by_role(egui::accesskit::Role::ComboBox)
        .find(|c| c.value().as_deref() == Some(current))
        .unwrap_or_else(|| panic!("no combo box showing {current}"))
        .click();
    harness.run_steps(2);
    harness.get_by_label(choice).click();
}

/// Sets `Gain`, turns `Second` off and moves it first.
fn edit_session(harness: &mut Harness<'_, WorkbenchApp>) {
    let chain = runtime(harness).chain();
    let effect = chain.effect_at(0).expect("one effect");
    let gain = chain.effect(effect).find_uniform("Gain").expect("Gain");
    let second = chain.find("Second", None).expect("Second");
    let position = chain.order().iter().position(|k| *k == second).unwrap();
    for command in [
        Command::SetUniform {
            effect,
            uniform: gain,
            value: vec![0.75],
        },
        Command::SetEnabled(second, false),
        Command::MoveTechnique {
            from: position,
            to: 0,
        },
    ] {
        harness.state_mut().queue(command);
    }
    harness.run_steps(2);
}

#[test]
fn the_back_buffer_box_rebuilds_off_the_ui_thread_and_keeps_the_session() {
    if engine::testing::gpu().is_none() {
        return;
    }
    let (dir, effect) = temp_effect("macros", MACROS);
    let mut harness = open(effect, None);
    edit_session(&mut harness);
    // sRGB is 1, RGBA8 8 bits; Gain 0.75 (8-bit: 191 of 255).
    let before = stored_output(&harness);
    assert_eq!(before, [32.0 / 255.0, 64.0 / 255.0, 191.0 / 255.0, 1.0]);
    assert!(runtime(&harness).display_texture().is_none());
    let generation = runtime(&harness).chain().generation();
    choose(&mut harness, "RGBA8 sRGB", "RGBA16F scRGB");
    harness.step();
    // The action's frame still draws the old chain; the compile runs on a worker thread.
    assert!(harness.state().is_compiling());
    let chain = runtime(&harness).chain();
    assert_eq!(
        chain.generation(),
        generation,
        "rebuilt in the action's frame"
    );
    assert_eq!(chain.back_buffer(), BackBuffer::SRGB8);
    common::settle(&mut harness);
    assert_eq!(harness.state().status(), "back buffer: rgba16f scrgb");
    let scrgb = BackBuffer::of_format(BackBufferFormat::Rgba16f);
    let chain = runtime(&harness).chain();
    assert_eq!(chain.back_buffer(), scrgb);
    assert_eq!(chain.output().format(), wgpu::TextureFormat::Rgba16Float);
    assert_eq!(harness.state().opened().back_buffer, Some(scrgb));
    assert_eq!(harness.state().document().back_buffer, scrgb);
    // The session is kept: Gain's value, Second off and first.
    let second = chain.find("Second", None).unwrap();
    assert!(!chain.is_enabled(second));
    assert_eq!(chain.order()[0], second);
    let effect = chain.effect_at(0).unwrap();
    let gain = chain.effect(effect).find_uniform("Gain").unwrap();
    assert_eq!(chain.uniform_values(effect)[gain.index()], vec![0.75]);
    // scRGB is 2, RGBA16F 16 bits, exact in half floats.
    assert_eq!(stored_output(&harness), [0.25, 0.5, 0.75, 1.0]);

    // The preview shows it through the display transform, scRGB's default first (clip at 80
    // nits: the stored value is the light relative to paper white).
    let transform = runtime(&harness).display_transform().expect("wide");
    assert_eq!(
        transform,
        DisplayTransform::for_color_space(ColorSpace::Scrgb)
    );
    let expect = |transform: DisplayTransform| {
        engine::display::display_pixel(ColorSpace::Scrgb, transform, [0.25, 0.5, 0.75, 1.0])
            .map(|c| c * 255.0)
    };
    let close = |got: [u8; 4], want: [f32; 4]| {
        got.iter()
            .zip(want)
            .all(|(g, w)| (f32::from(*g) - w).abs() <= 1.0)
    };
    assert!(
        close(shown(&harness), expect(transform)),
        "{:?}",
        shown(&harness)
    );
    // Another curve in the preview's tool bar changes what is shown, never what is stored.
    choose(&mut harness, "Clip", "Tone map (Reinhard)");
    harness.run_steps(3);
    let toned = runtime(&harness).display_transform().unwrap();
    assert_eq!(toned.curve, DisplayCurve::Shoulder);
    assert_eq!(stored_output(&harness), [0.25, 0.5, 0.75, 1.0]);
    assert!(
        close(shown(&harness), expect(toned)),
        "{:?}",
        shown(&harness)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_back_buffer_the_effect_refuses_keeps_the_last_good_chain_and_says_why() {
    if engine::testing::gpu().is_none() {
        return;
    }
    let (dir, effect) = temp_effect(
        "sdr_only",
        &format!("#if BUFFER_COLOR_SPACE != 1\n#error \"SDR only\"\n#endif\n{MACROS}"),
    );
    let mut harness = open(effect, None);
    let generation = runtime(&harness).chain().generation();
    let hdr10 = BackBuffer::of_format(BackBufferFormat::Rgb10a2);
    let options = StartOptions {
        back_buffer: Some(hdr10),
        ..harness.state().opened().clone()
    };
    harness.state_mut().queue(Command::Open(options));
    common::settle(&mut harness);
    assert_eq!(
        harness.state().status(),
        "cannot run on the rgb10a2 hdr10 back buffer: the effects have errors there (see \
         Diagnostics); the rgba8 srgb chain keeps running"
    );
    let chain = runtime(&harness).chain();
    assert_eq!(chain.generation(), generation);
    assert_eq!(chain.back_buffer(), BackBuffer::SRGB8);
    assert_eq!(harness.state().opened().back_buffer(), BackBuffer::SRGB8);
    assert!(
        harness
            .state()
            .diagnostics()
            .iter()
            .any(|row| row.message.contains("SDR only")),
        "{:?}",
        harness.state().diagnostics()
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_back_buffer_survives_a_restart_and_the_command_line_wins() {
    if engine::testing::gpu().is_none() {
        return;
    }
    let (dir, effect) = temp_effect("restart", MACROS);
    let mut first = open(effect.clone(), None);
    choose(&mut first, "RGBA8 sRGB", "RGB10A2 HDR10 PQ");
    common::settle(&mut first);
    let hdr10 = BackBuffer::of_format(BackBufferFormat::Rgb10a2);
    assert_eq!(runtime(&first).chain().back_buffer(), hdr10);
    let mut storage = common::MemoryStorage::default();
    eframe::App::save(first.state_mut(), &mut storage);
    drop(first);

    // Started again with nothing named: the same effect on the same back buffer.
    let second = harness_with(StartOptions::default(), Some(storage.clone()));
    assert_eq!(
        second.state().opened().effects,
        std::slice::from_ref(&effect)
    );
    assert_eq!(runtime(&second).chain().back_buffer(), hdr10);
    assert_eq!(
        runtime(&second).chain().output().format(),
        wgpu::TextureFormat::Rgb10a2Unorm
    );
    let paper_white = runtime(&second).display_transform().unwrap();
    assert_eq!(paper_white.paper_white_nits, 203.0);
    assert!(
        second
            .get_all_by_role(egui::accesskit::Role::ComboBox)
            .any(|c| c.value().as_deref() == Some("RGB10A2 HDR10 PQ"))
    );
    drop(second);

    // `--back-buffer` on the command line wins over the stored one.
    let scrgb = BackBuffer::of_format(BackBufferFormat::Rgba16f);
    let third = harness_with(
        StartOptions {
            back_buffer: Some(scrgb),
            ..StartOptions::default()
        },
        Some(storage),
    );
    assert_eq!(runtime(&third).chain().back_buffer(), scrgb);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_inspector_gives_a_wide_back_buffers_stored_value_and_nits() {
    if engine::testing::gpu().is_none() {
        return;
    }
    // 2.5 in scRGB is 200 nits: past what an 8-bit buffer holds.
    let (dir, effect) = temp_effect(
        "bright",
        "#include \"ReShade.fxh\"\n\
         float4 ps(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target { return float4(2.5, 2.5, 2.5, 1.0); }\n\
         technique Bright { pass { VertexShader = PostProcessVS; PixelShader = ps; } }\n",
    );
    let mut harness = open(
        effect,
        Some(BackBuffer::of_format(BackBufferFormat::Rgba16f)),
    );
    harness.get_by_label("Inspector").click();
    harness.run_steps(2);
    let (x, y) = (5u32, 3u32);
    let mut readout = String::new();
    for _ in 0..50 {
        harness.run_steps(1);
        let Some((rect, scale)) = harness.state().inspector_panel().image_placement() else {
            continue;
        };
        harness.hover_at(rect.min + egui::vec2((x as f32 + 0.5) * scale, (y as f32 + 0.5) * scale));
        harness.run_steps(1);
        if let Some(r) = harness.state().inspector_panel().readout() {
            readout = r.to_string();
            if readout.starts_with(&format!("({x}, {y})")) {
                break;
            }
        }
    }
    assert_eq!(
        readout,
        format!("({x}, {y})  R 2.5  G 2.5  B 2.5  A 1  scRGB: 200.0 nits")
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_screenshot_of_a_wide_back_buffer_keeps_the_stored_values_not_the_display() {
    if engine::testing::gpu().is_none() {
        return;
    }
    let (dir, effect) = temp_effect(
        "shot",
        "#include \"ReShade.fxh\"\n\
         float4 ps(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target { return float4(2.5, 0.5, 0.0, 1.0); }\n\
         technique Bright { pass { VertexShader = PostProcessVS; PixelShader = ps; } }\n",
    );
    let mut harness = open(
        effect,
        Some(BackBuffer::of_format(BackBufferFormat::Rgba16f)),
    );
    let shots = dir.join("shots");
    harness.state_mut().set_screenshot_folder(shots.clone());
    harness.state_mut().queue(Command::TakeScreenshot);
    let mut saved = Vec::new();
    for _ in 0..200 {
        harness.step();
        saved = std::fs::read_dir(&shots)
            .map(|d| d.map(|e| e.unwrap().path()).collect())
            .unwrap_or_default();
        if saved.len() == 1 && harness.state().status().starts_with("screenshot saved") {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    assert_eq!(saved.len(), 1, "{saved:?} {}", harness.state().status());
    assert_eq!(saved[0].extension().unwrap(), "exr");
    let image = image::open(&saved[0]).unwrap().to_rgba32f();
    assert_eq!(image.dimensions(), (16, 8));
    assert_eq!(image.get_pixel(3, 2).0, [2.5, 0.5, 0.0, 1.0]);
    std::fs::remove_dir_all(&dir).unwrap();
}
