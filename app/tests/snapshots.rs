//! PNG snapshots of the real window (egui_kittest's `snapshot`), so a layout regression fails:
//! the default window (the demo preset over the test card), each tab, and the layouts the
//! window once got wrong.
//!
//! The snapshots live in `app/tests/snapshots/NAME.png` (egui_kittest's default folder, relative
//! to the crate). After an intended change, `UPDATE_SNAPSHOTS=1 cargo test -p fxbench-app
//! --features window --test snapshots` rewrites the failing ones; a failing run leaves
//! `NAME.new.png` and `NAME.diff.png` beside them (ignored by git).
//!
//! Determinism: the window is 1500x860 points (its default size) at 1 pixel per point in the
//! dark theme, the chain runs at the test card's fixed size, and the demo's effects read no
//! timer. What varies from run to run is masked (magenta): GPU and CPU times and the
//! optimiser's run time, found by their labels, the paths of the effects the tests write (in
//! the temporary folder), and the timing panel's measured rows and history plot.
//! Tolerance: a pixel fails when its weighted YIQ distance passes [`THRESHOLD`] (egui's
//! default, enough for llvmpipe/lavapipe builds to agree), and no pixel may fail.

use app::window::layout::Pane;
use app::window::{StartOptions, WorkbenchApp};
use egui_kittest::kittest::Queryable as _;
use egui_kittest::{Harness, SnapshotOptions};

/// The per-pixel tolerance (weighted squared YIQ distance).
const THRESHOLD: f32 = 0.6;
/// Pixels allowed past [`THRESHOLD`].
const MAX_FAILED_PIXELS: usize = 0;
/// The window's default size (`run_native`), in points.
const SIZE: egui::Vec2 = egui::vec2(1500.0, 860.0);

fn snapshot_options() -> SnapshotOptions {
    SnapshotOptions::new()
        .threshold(THRESHOLD)
        .max_failed_pixels(MAX_FAILED_PIXELS)
}

/// The real app in a window of [`SIZE`] on the software GPU, with the device the window asks
/// for; `None` (the test skips) without a GPU.
fn open_window(options: StartOptions) -> Option<Harness<'static, WorkbenchApp>> {
    engine::testing::gpu()?;
    let mut setup = egui_kittest::wgpu::default_wgpu_setup();
    if let egui_wgpu::WgpuSetup::CreateNew(create) = &mut setup {
        create.device_descriptor = std::sync::Arc::new(app::window::runtime::device_descriptor);
    }
    let mut harness = Harness::builder()
        .with_size(SIZE)
        .with_pixels_per_point(1.0)
        .with_theme(egui::Theme::Dark)
        .with_render_cursor(false)
        .with_options(snapshot_options())
        .wgpu_setup(setup)
        .build_eframe(move |cc| WorkbenchApp::new(cc, options));
    harness.run_steps(3);
    Some(harness)
}

fn demo() -> Option<Harness<'static, WorkbenchApp>> {
    open_window(StartOptions {
        input: app::session::input::InputChoice::TestCard,
        ..StartOptions::default()
    })
}

/// A node's text: AccessKit keeps a label's in its value, other widgets' in their label.
fn text_of(node: &egui_kittest::kittest::AccessKitNode<'_>) -> Option<String> {
    node.label().or_else(|| node.value())
}

/// Whether a label is a measured time ("0.123 ms", "Frame: GPU 0.1 ms, ...", "2 iterations,
/// 0.31 ms").
fn is_time(label: &str) -> bool {
    let bytes = label.as_bytes();
    label.contains(" ms")
        && label
            .match_indices(" ms")
            .any(|(i, _)| i > 0 && bytes[i - 1].is_ascii_digit())
}

/// The rectangle a shown pane was drawn in last frame.
fn pane_rect(harness: &Harness<'_, WorkbenchApp>, pane: Pane) -> Option<egui::Rect> {
    let tree = harness.state().layout();
    let id = tree.tiles.find_pane(&pane)?;
    tree.active_tiles()
        .contains(&id)
        .then(|| tree.tiles.rect(id))?
}

/// Paints over what changes between runs, for this frame's render. A time's label changes
/// width with its digits, so the band masked is as wide whatever the number: from a
/// left-aligned label's start to its pane's right edge, or a fixed width at the right edge
/// for a right-aligned one.
fn mask_varying(harness: &mut Harness<'_, WorkbenchApp>) {
    let panes: Vec<egui::Rect> = Pane::ALL
        .into_iter()
        .filter_map(|p| pane_rect(harness, p))
        .collect();
    // Paths of the effects the tests write name the temporary folder and the process.
    let temp = std::env::temp_dir().display().to_string();
    let labels: Vec<egui::Rect> = harness
        .query_all_by(|node| text_of(node).is_some_and(|l| is_time(&l) || l.contains(&temp)))
        .map(|n| n.rect())
        .collect();
    let mut rects: Vec<egui::Rect> = labels
        .into_iter()
        .map(|label| {
            let right = panes
                .iter()
                .find(|p| p.contains(label.center()))
                .map_or(SIZE.x, |p| p.right());
            let left = if right - label.right() < 16.0 {
                right - 130.0
            } else {
                label.left()
            };
            egui::Rect::from_x_y_ranges(left..=right, label.y_range())
        })
        .collect();
    if let Some(pane) = pane_rect(harness, Pane::Timing) {
        // Across the pane (the plot's axis labels are beside it), and the plot down to the
        // pane's bottom (its frame axis below it).
        let measured = harness.state().timing_panel().measured_rects();
        let lowest = measured.iter().map(|r| r.bottom()).fold(f32::MIN, f32::max);
        rects.extend(measured.iter().map(|r| {
            let bottom = if r.bottom() == lowest {
                pane.bottom()
            } else {
                r.bottom()
            };
            egui::Rect::from_x_y_ranges(pane.x_range(), r.top()..=bottom)
        }));
    }
    for rect in rects {
        harness.mask(rect.expand(1.0));
    }
}

/// Renders this frame with what varies masked and compares it with `name`'s snapshot.
fn snapshot(harness: &mut Harness<'_, WorkbenchApp>, name: &str) {
    harness.remove_cursor();
    harness.run_steps(2);
    mask_varying(harness);
    harness.snapshot_options(name, &snapshot_options());
}

/// Clicks a pane's tab and lets it draw.
fn show_tab(harness: &mut Harness<'_, WorkbenchApp>, pane: Pane) {
    harness.get_by_label(pane.title()).click();
    harness.run_steps(3);
}

fn wait_for_spirv(harness: &mut Harness<'_, WorkbenchApp>) {
    for _ in 0..500 {
        harness.run_steps(1);
        if !harness.state().spirv_panel().is_compiling() {
            harness.run_steps(1);
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    panic!("the SPIR-V worker did not finish");
}

#[test]
fn the_default_window() {
    let Some(mut harness) = demo() else {
        return;
    };
    // Techniques, Uniforms, Preview, Diagnostics ("No problems found.") and the Editor.
    snapshot(&mut harness, "default_window");
}

#[test]
fn each_tab_behind_the_preview() {
    let Some(mut harness) = demo() else {
        return;
    };
    show_tab(&mut harness, Pane::Spirv);
    wait_for_spirv(&mut harness);
    snapshot(&mut harness, "tab_spirv_diff");
    harness.get_by_label("Side by side").click();
    harness.run_steps(2);
    snapshot(&mut harness, "tab_spirv_side_by_side");
    show_tab(&mut harness, Pane::Inspector);
    snapshot(&mut harness, "tab_inspector");
    show_tab(&mut harness, Pane::Timing);
    snapshot(&mut harness, "tab_timing");
}

/// An effect with a warning and an include: the Diagnostics rows, the editor's underline and
/// gutter marker, and the include's tab.
const WARNED: &str = "#include \"shaders/fxbench.wfxh\"\n\
uniform Unused : f32 = 1.0;\n\
@fragment fn ps(in: PostProcessOut) -> @location(0) vec4<f32> {\n\
    return vec4<f32>(in.uv, 0.5, 1.0);\n\
}\n\
technique Warned < enabled = true; > { pass { VertexShader = PostProcessVS; PixelShader = ps; } }\n";

fn effect_in_temp(test: &str, name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("fxbench-snapshots-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp folder");
    let effect = dir.join(name);
    std::fs::write(&effect, text).expect("effect written");
    effect
}

#[test]
fn diagnostics_of_an_effect_with_a_warning() {
    let effect = effect_in_temp("warned", "warned.wfx", WARNED);
    let Some(mut harness) = open_window(StartOptions {
        effects: vec![effect.clone()],
        input: app::session::input::InputChoice::TestCard,
        ..StartOptions::default()
    }) else {
        return;
    };
    assert!(
        harness
            .state()
            .diagnostics()
            .iter()
            .any(|r| r.severity == analysis::Severity::Warning),
        "{:?}",
        harness.state().diagnostics()
    );
    snapshot(&mut harness, "diagnostics_warning");
    let _ = std::fs::remove_dir_all(effect.parent().expect("a folder"));
}
