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

mod common;

use std::path::Path;

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
    let setup = common::wgpu_setup();
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
        // pane's bottom (its frame axis below it) and up by half a label (its top axis label
        // is centred on the plot's top edge, so its upper half lies above the plot's rect).
        let measured = harness.state().timing_panel().measured_rects();
        let lowest = measured.iter().map(|r| r.bottom()).fold(f32::MIN, f32::max);
        rects.extend(measured.iter().map(|r| {
            let (top, bottom) = if r.bottom() == lowest {
                (r.top() - 8.0, pane.bottom())
            } else {
                (r.top(), r.bottom())
            };
            egui::Rect::from_x_y_ranges(pane.x_range(), top..=bottom)
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

/// Runs frames until the inspector shows its capture: it is read back a frame or more after it
/// is asked for, later on a busy machine.
fn wait_for_capture(harness: &mut Harness<'_, WorkbenchApp>) {
    for _ in 0..500 {
        harness.run_steps(1);
        if harness
            .state()
            .inspector_panel()
            .image_placement()
            .is_some()
        {
            harness.run_steps(1);
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    panic!("the inspector's capture did not arrive");
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
    wait_for_capture(&mut harness);
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

/// Presses and releases the primary button at `pos`, as a click there.
fn click_at(harness: &mut Harness<'_, WorkbenchApp>, pos: egui::Pos2) {
    harness.hover_at(pos);
    harness.run_steps(1);
    harness.drag_at(pos);
    harness.run_steps(1);
    harness.drop_at(pos);
    harness.run_steps(2);
}

#[test]
fn editor_tabs_wrap_inside_the_panel_and_switch_from_anywhere_on_them() {
    let names: Vec<String> = (1..=8)
        .map(|i| format!("a_rather_long_header_name_{i}.wfxh"))
        .collect();
    let mut text = String::from("#include \"shaders/fxbench.wfxh\"\n");
    for name in &names {
        text.push_str(&format!("#include \"{name}\"\n"));
    }
    text.push_str(&WARNED[WARNED.find('\n').expect("a first line") + 1..]);
    let effect = effect_in_temp("tabs", "tabs.wfx", &text);
    let dir = effect.parent().expect("a folder").to_path_buf();
    for (i, name) in names.iter().enumerate() {
        std::fs::write(dir.join(name), format!("// header {i}\n")).expect("header written");
    }
    let Some(mut harness) = open_window(StartOptions {
        effects: vec![effect.clone()],
        input: app::session::input::InputChoice::TestCard,
        ..StartOptions::default()
    }) else {
        return;
    };
    let pane = pane_rect(&harness, Pane::Editor).expect("the editor is shown");
    let tabs = harness.state().editor().tab_rects().to_vec();
    // The effect, fxbench.wfxh and the eight headers.
    assert_eq!(
        tabs.len(),
        10,
        "{:?}",
        harness.state().editor().tab_labels()
    );
    for tab in &tabs {
        assert!(
            pane.contains_rect(*tab),
            "tab {tab:?} runs off the editor {pane:?}"
        );
    }
    assert!(
        tabs.iter().any(|t| t.top() > tabs[0].bottom()),
        "ten long tabs wrap onto a second row"
    );
    // A click on the lower edge of each tab switches to it (no scroll bar over them).
    for (i, tab) in tabs.iter().enumerate().rev() {
        click_at(&mut harness, egui::pos2(tab.center().x, tab.bottom() - 2.0));
        let paths: Vec<_> = harness
            .state()
            .editor()
            .paths()
            .map(Path::to_path_buf)
            .collect();
        assert_eq!(
            harness.state().editor().active_path(),
            Some(paths[i].as_path()),
            "tab {i}"
        );
    }
    snapshot(&mut harness, "editor_many_tabs");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn jumping_to_a_long_line_diagnostic_keeps_the_line_numbers_in_view() {
    // The warning sits 300 columns in.
    let text = WARNED.replacen(
        "uniform Unused",
        &format!("{}uniform Unused", " ".repeat(300)),
        1,
    );
    let effect = effect_in_temp("long", "long.wfx", &text);
    let Some(mut harness) = open_window(StartOptions {
        effects: vec![effect.clone()],
        input: app::session::input::InputChoice::TestCard,
        ..StartOptions::default()
    }) else {
        return;
    };
    let (_, scroll) = harness
        .state()
        .editor()
        .gutter_rect_and_scroll()
        .expect("the editor drew its gutter");
    assert_eq!(scroll.x, 0.0);
    let row = harness
        .state()
        .diagnostics()
        .iter()
        .find(|r| r.severity == analysis::Severity::Warning)
        .expect("the unused uniform's warning")
        .clone();
    // "uniform " starts at column 301, the name it warns about eight further.
    assert_eq!(row.target.as_ref().map(|t| t.start.column), Some(309));
    harness.get_by_label(&row.location).click();
    harness.run_steps(4);
    let pane = pane_rect(&harness, Pane::Editor).expect("the editor is shown");
    let (gutter, scroll) = harness
        .state()
        .editor()
        .gutter_rect_and_scroll()
        .expect("the editor drew its gutter");
    assert!(
        scroll.x > 100.0,
        "the text scrolled to column 301: {scroll:?}"
    );
    assert!(
        gutter.left() >= pane.left() && gutter.right() < pane.left() + 80.0,
        "the line numbers {gutter:?} stay at the editor's left edge {pane:?}"
    );
    snapshot(&mut harness, "editor_long_line_jump");
    let _ = std::fs::remove_dir_all(effect.parent().expect("a folder"));
}

#[test]
fn a_tab_with_errors_reads_on_the_selected_and_the_plain_background() {
    use app::window::editor::{contrast_ratio, error_tab_colour};
    for visuals in [egui::Visuals::dark(), egui::Visuals::light()] {
        let colour = error_tab_colour(&visuals);
        for background in [visuals.panel_fill, visuals.selection.bg_fill] {
            let ratio = contrast_ratio(colour, background);
            assert!(ratio >= 4.5, "{colour:?} on {background:?}: {ratio:.2}:1");
        }
        // Still an error's colour: red first.
        assert!(
            colour.r() > colour.g() && colour.r() > colour.b(),
            "{colour:?}"
        );
    }
    // The theme's own error red on the selected blue, what the tab used to be, does not read.
    let dark = egui::Visuals::dark();
    assert!(contrast_ratio(dark.error_fg_color, dark.selection.bg_fill) < 3.0);
}

#[test]
fn the_selected_tab_of_a_file_with_errors() {
    let text = format!("{WARNED}fn broken() -> f32 {{ return undefined_name; }}\n");
    let effect = effect_in_temp("errors", "errors.wfx", &text);
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
            .any(|r| r.severity == analysis::Severity::Error),
        "{:?}",
        harness.state().diagnostics()
    );
    assert_eq!(
        harness.state().editor().active_path(),
        harness.state().editor().paths().next()
    );
    snapshot(&mut harness, "editor_error_tab");
    let _ = std::fs::remove_dir_all(effect.parent().expect("a folder"));
}

#[test]
fn side_by_side_spirv_fits_the_panel_at_the_default_size() {
    let Some(mut harness) = demo() else {
        return;
    };
    show_tab(&mut harness, Pane::Spirv);
    wait_for_spirv(&mut harness);
    harness.get_by_label("Side by side").click();
    harness.run_steps(3);
    let pane = pane_rect(&harness, Pane::Spirv).expect("the SPIR-V view is shown");
    let rows: Vec<egui::Rect> = harness
        .query_all_by(|n| text_of(n).is_some_and(|l| l.contains(" | ")))
        .map(|n| n.rect())
        .collect();
    assert!(rows.len() > 20, "{} rows shown", rows.len());
    for row in &rows {
        assert!(
            row.right() <= pane.right(),
            "a row ends at x = {} past the panel's {}",
            row.right(),
            pane.right()
        );
    }
}

#[test]
fn the_open_image_menu_lists_recent_images() {
    let Some(mut harness) = demo() else {
        return;
    };
    let image_path = effect_in_temp("recent", "grey.png", "").with_file_name("grey.png");
    image::RgbaImage::from_pixel(64, 32, image::Rgba([128, 128, 128, 255]))
        .save(&image_path)
        .expect("image written");
    harness.get_by_label("Open image").click();
    harness.run_steps(2);
    harness.get_by_label("No recent images");
    harness.key_press(egui::Key::Escape);
    harness.run_steps(2);
    let opened = harness.state().opened().clone();
    assert!(harness.state_mut().open(StartOptions {
        input: app::session::input::InputChoice::Image(image_path.clone()),
        ..opened.clone()
    }));
    assert!(harness.state_mut().open(opened));
    harness.run_steps(2);
    assert_eq!(
        harness.state().recent_images(),
        std::slice::from_ref(&image_path)
    );
    assert_eq!(
        harness.state().stored().recent_images,
        std::slice::from_ref(&image_path)
    );
    harness.get_by_label("Open image").click();
    harness.run_steps(2);
    harness
        .get_by_label(&image_path.display().to_string())
        .click();
    // The input changes once the effects compiled again in the background (#23).
    common::settle(&mut harness);
    assert_eq!(
        harness.state().opened().input,
        app::session::input::InputChoice::Image(image_path.clone())
    );
    let _ = std::fs::remove_dir_all(image_path.parent().expect("a folder"));
}

/// The preview split against ReShade's own SPIR-V (#24): `assets/box_blur.fx` at 64x32 with
/// `tests/reference/box_blur_64x32.spv` found in a reference folder, ReShade's side left of the
/// divider, and the Differences toggle with its factor in the preview's bar.
#[test]
fn the_preview_splits_against_reshades_shaders() {
    let folder = std::env::temp_dir().join(format!("fxbench-snapshot-ref-{}", std::process::id()));
    std::fs::create_dir_all(&folder).expect("a temporary folder");
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    std::fs::copy(
        root.join("tests/reference/box_blur_64x32.spv"),
        folder.join("box_blur.spv"),
    )
    .expect("the module copies");
    let Some(mut harness) = open_window(StartOptions {
        effects: vec![root.join("assets/box_blur.fx")],
        input: app::session::input::InputChoice::TestCard,
        resolution: Some((64, 32)),
        reference: vec![folder.clone()],
        ..StartOptions::default()
    }) else {
        return;
    };
    harness.get_by_label("Split before/after").click();
    harness.run_steps(2);
    harness
        .get_all_by_role(egui::accesskit::Role::ComboBox)
        .find(|c| c.value().as_deref() == Some("input"))
        .expect("the split's left side")
        .click();
    harness.run_steps(2);
    harness.get_by_label("ReShade reference").click();
    harness.run_steps(4);
    assert!(
        harness
            .state()
            .runtime()
            .expect("the chain runs")
            .reference_side()
            .is_some()
    );
    snapshot(&mut harness, "preview_reference_split");
    std::fs::remove_dir_all(&folder).expect("cleaned up");
}
