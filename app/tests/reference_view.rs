//! ReShade's own SPIR-V in the window (issue #24): the Shaders box offers "ReShade reference"
//! only where a module is found for the open effect, picking it runs the chain with ReShade's
//! shaders, a module that does not fit is an error that keeps the session, and the preview's
//! differences view is black against the effect's own reference and not against another.
//!
//! The modules are the synthetic references of `tests/reference/` (the repository's):
//! `box_blur_64x32.spv` is ReShade's SPIR-V of `assets/box_blur.fx` at 64x32, so at 64x32 it
//! agrees with ours, and at the test card's 1280x720 (its fetches clamp to the 64x32 edges) it
//! does not.

mod common;

use std::path::{Path, PathBuf};

use app::window::{StartOptions, WorkbenchApp};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;

/// The largest difference of an 8-bit picture from its own reference, per channel.
const AGREE: u8 = 2;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn box_blur() -> PathBuf {
    root().join("assets/box_blur.fx")
}

/// A folder holding `module` (a file of `tests/reference/`) as `box_blur.spv`.
fn reference_folder(name: &str, module: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fxbench-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    std::fs::copy(
        root().join("tests/reference").join(module),
        dir.join("box_blur.spv"),
    )
    .expect("the module copies");
    dir
}

/// The window on `assets/box_blur.fx` over the test card at `resolution`, reference modules
/// looked for in `folders`; `None` (the test skips) without a GPU.
fn open_box_blur(
    folders: Vec<PathBuf>,
    resolution: Option<(u32, u32)>,
) -> Option<Harness<'static, WorkbenchApp>> {
    open_box_blur_on(folders, resolution, analysis::BackBuffer::SRGB8)
}

/// [`open_box_blur`] on `back_buffer`.
fn open_box_blur_on(
    folders: Vec<PathBuf>,
    resolution: Option<(u32, u32)>,
    back_buffer: analysis::BackBuffer,
) -> Option<Harness<'static, WorkbenchApp>> {
    engine::testing::gpu()?;
    let options = StartOptions {
        effects: vec![box_blur()],
        input: app::session::input::InputChoice::TestCard,
        resolution,
        reference: folders,
        back_buffer: Some(back_buffer),
        ..StartOptions::default()
    };
    let setup = common::wgpu_setup();
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1400.0, 700.0))
        .wgpu_setup(setup)
        .build_eframe(move |cc| WorkbenchApp::new(cc, options));
    harness.run_steps(3);
    assert!(
        harness.state().runtime().is_some(),
        "box_blur.fx runs: {}",
        harness.state().status()
    );
    Some(harness)
}

/// Clicks the combo box showing `value`.
fn open_combo(harness: &mut Harness<'_, WorkbenchApp>, value: &str) {
    harness
        .get_all_by_role(egui::accesskit::Role::ComboBox)
        .find(|c| c.value().as_deref() == Some(value))
        .unwrap_or_else(|| panic!("a combo box showing {value}"))
        .click();
    harness.run_steps(2);
}

/// Whether the open Shaders box lists "ReShade reference" (the box opened and closed again).
fn box_offers_reference(harness: &mut Harness<'_, WorkbenchApp>) -> bool {
    open_combo(harness, "naga IR (wgpu)");
    let offered = harness.query_by_label("ReShade reference").is_some();
    harness.key_press(egui::Key::Escape);
    harness.run_steps(2);
    offered
}

/// Picks "ReShade reference" in the Shaders box and runs frames until the chain is rebuilt
/// (in the background) and has drawn a frame.
fn pick_reference_shaders(harness: &mut Harness<'_, WorkbenchApp>) {
    open_combo(harness, "naga IR (wgpu)");
    harness.get_by_label("ReShade reference").click();
    common::settle(harness);
}

/// The chain's output after the last frame, read back.
fn output(harness: &Harness<'_, WorkbenchApp>) -> engine::RgbaImage {
    let runtime = harness.state().runtime().expect("the chain runs");
    let gpu = runtime.gpu();
    engine::input::read_texture(&gpu.device, &gpu.queue, runtime.chain().output())
        .expect("the output reads back")
}

/// The preview's difference image after the last frame, read back.
fn difference(harness: &Harness<'_, WorkbenchApp>) -> engine::RgbaImage {
    let runtime = harness.state().runtime().expect("the chain runs");
    let side = runtime
        .reference_side()
        .expect("the differences view runs ReShade's side");
    let gpu = runtime.gpu();
    engine::input::read_texture(&gpu.device, &gpu.queue, side.difference())
        .expect("the difference reads back")
}

/// The largest channel value of the colour channels.
fn max_rgb(image: &engine::RgbaImage) -> u8 {
    image
        .pixels
        .chunks_exact(4)
        .flat_map(|p| p[..3].iter().copied())
        .max()
        .unwrap_or(0)
}

fn max_difference(a: &engine::RgbaImage, b: &engine::RgbaImage) -> u8 {
    assert_eq!((a.width, a.height), (b.width, b.height));
    a.pixels
        .iter()
        .zip(&b.pixels)
        .map(|(x, y)| x.abs_diff(*y))
        .max()
        .unwrap_or(0)
}

/// Turns the preview's differences view on at gain `x1`.
fn show_differences(harness: &mut Harness<'_, WorkbenchApp>) {
    harness.get_by_label("Differences").click();
    harness.run_steps(1);
    open_combo(harness, "x8");
    harness.get_by_label("x1").click();
    harness.run_steps(4);
}

#[test]
fn the_shader_box_offers_the_reference_only_when_one_is_found() {
    let Some(mut without) = open_box_blur(Vec::new(), Some((64, 32))) else {
        return;
    };
    assert_eq!(without.state().reference_file(), None);
    assert!(!box_offers_reference(&mut without));
    // Nor the split or the differences view.
    assert!(without.query_by_label("Differences").is_none());

    let folder = reference_folder("offered", "box_blur_64x32.spv");
    let mut with = open_box_blur(vec![folder.clone()], Some((64, 32))).expect("a GPU");
    assert_eq!(
        with.state().reference_file(),
        Some(folder.join("box_blur.spv"))
    );
    assert!(box_offers_reference(&mut with));
    assert!(with.query_by_label("Differences").is_some());
    // The folder is a setting the window keeps.
    assert_eq!(
        with.state().stored().reference,
        std::slice::from_ref(&folder)
    );
    std::fs::remove_dir_all(&folder).unwrap();
}

#[test]
fn picking_the_reference_renders_what_ours_renders() {
    let folder = reference_folder("picked", "box_blur_64x32.spv");
    let Some(mut harness) = open_box_blur(vec![folder.clone()], Some((64, 32))) else {
        return;
    };
    let ours = output(&harness);
    pick_reference_shaders(&mut harness);
    let runtime = harness.state().runtime().expect("the chain runs");
    assert!(
        matches!(
            runtime.chain().options().shaders,
            engine::Shaders::Reference(_)
        ),
        "status: {}",
        harness.state().status()
    );
    assert_eq!(harness.state().status(), "running ReShade reference");
    let theirs = output(&harness);
    // The blur changed the picture, and ReShade's shaders changed it the same way.
    assert!(max_rgb(&ours) > 0);
    let most = max_difference(&ours, &theirs);
    assert!(most <= AGREE, "ours and ReShade's differ by {most}/255");
    std::fs::remove_dir_all(&folder).unwrap();
}

#[test]
fn a_module_that_does_not_fit_is_an_error_and_the_session_stays() {
    // compute.spv is another effect's: box_blur's entry points are not in it.
    let folder = reference_folder("mismatch", "compute.spv");
    let Some(mut harness) = open_box_blur(vec![folder.clone()], Some((64, 32))) else {
        return;
    };
    let before = output(&harness);
    pick_reference_shaders(&mut harness);
    let status = harness.state().status().to_string();
    assert!(
        status.starts_with("cannot run ReShade reference: effect '")
            && status.contains("box_blur.fx")
            && status.contains("ReShade's SPIR-V"),
        "{status}"
    );
    let runtime = harness.state().runtime().expect("the old chain still runs");
    assert!(matches!(
        runtime.chain().options().shaders,
        engine::Shaders::Naga
    ));
    assert_eq!(max_difference(&before, &output(&harness)), 0);
    assert!(harness.state().status_log().any(|m| m == status));
    std::fs::remove_dir_all(&folder).unwrap();
}

#[test]
fn the_differences_view_is_black_against_the_effects_own_reference() {
    let folder = reference_folder("own", "box_blur_64x32.spv");
    let Some(mut harness) = open_box_blur(vec![folder.clone()], Some((64, 32))) else {
        return;
    };
    show_differences(&mut harness);
    assert_eq!(harness.state().preview_panel().differences(), Some(1.0));
    let difference = difference(&harness);
    assert_eq!((difference.width, difference.height), (64, 32));
    let most = max_rgb(&difference);
    assert!(most <= AGREE, "differences up to {most}/255");
    std::fs::remove_dir_all(&folder).unwrap();
}

#[test]
fn the_differences_view_shows_a_module_that_renders_otherwise() {
    // The 64x32 module at 1280x720: its fetches clamp to the 64x32 picture's edges.
    let folder = reference_folder("other", "box_blur_64x32.spv");
    let Some(mut harness) = open_box_blur(vec![folder.clone()], None) else {
        return;
    };
    show_differences(&mut harness);
    let difference = difference(&harness);
    assert_eq!((difference.width, difference.height), (1280, 720));
    let over = difference
        .pixels
        .chunks_exact(4)
        .filter(|p| p[..3].iter().any(|c| *c > AGREE))
        .count();
    assert!(
        over > 1000,
        "only {over} pixels differ by more than {AGREE}/255"
    );
    // The inspector, in the preview's place, shows the same differences for the back buffer
    // (each side's capture read back a frame or more later), and ReShade's side keeps running.
    harness.get_by_label("Inspector").click();
    let label = "Differences from ReShade's shaders, amplified 1x";
    let mut shown = false;
    for _ in 0..30 {
        harness.run_steps(1);
        if harness.query_by_label(label).is_some() {
            shown = true;
            break;
        }
    }
    assert!(shown, "the inspector never showed the differences");
    let runtime = harness.state().runtime().expect("the chain runs");
    assert!(runtime.reference_side().is_some());
    std::fs::remove_dir_all(&folder).unwrap();
}

/// On a wide back buffer the split's ReShade side is shown through the preview's display
/// transform, as ours is: the side's display texture is `display_pixel` of the side's stored
/// output within one 8-bit step (the difference image keeps comparing stored values).
#[test]
fn reshades_side_is_shown_through_the_display_transform_on_a_wide_back_buffer() {
    let folder = reference_folder("wide", "box_blur_64x32.spv");
    let scrgb = analysis::BackBuffer::new(
        analysis::BackBufferFormat::Rgba16f,
        analysis::ColorSpace::Scrgb,
    )
    .expect("a swap chain presents FP16 in scRGB");
    let Some(mut harness) = open_box_blur_on(vec![folder.clone()], Some((64, 32)), scrgb) else {
        return;
    };
    show_differences(&mut harness);
    harness.run_steps(2);
    let runtime = harness.state().runtime().expect("the chain runs");
    let transform = runtime.display_transform().expect("a wide back buffer");
    let side = runtime.reference_side().expect("ReShade's side runs");
    let gpu = runtime.gpu();
    let stored = engine::input::read_texture_stored(&gpu.device, &gpu.queue, side.chain().output())
        .expect("a back-buffer format")
        .expect("read back");
    let shown = engine::input::read_texture(
        &gpu.device,
        &gpu.queue,
        side.display_texture().expect("a display transform"),
    )
    .expect("read back");
    for (x, y) in [(0, 0), (20, 10), (63, 31)] {
        let want = engine::display::display_pixel(
            engine::ColorSpace::Scrgb,
            transform,
            stored.pixel(x, y),
        );
        let got = shown.pixel(x, y);
        for (g, w) in got.iter().zip(want) {
            assert!(
                (f32::from(*g) - w * 255.0).abs() <= 1.0,
                "({x}, {y}): shown {got:?}, expected {want:?}"
            );
        }
    }
    std::fs::remove_dir_all(&folder).unwrap();
}
