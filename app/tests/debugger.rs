//! The shader debugger in the real window (egui_kittest on the software GPU, issue #25): the
//! Debug pane opened from the View menu, a pass chosen and a pixel clicked in the preview, the
//! trace it lists equal to what the code computes there on the CPU, a row that puts the
//! editor's cursor on its line, the values at the editor's line ends, greyed lines that did not
//! run, values cleared by an edit or a rebuilt chain, a compute pass recorded by thread, a trace
//! past the buffer said to be cut, and a `.wfx` pass's trace (instrumented through naga IR).

mod common;

use std::path::{Path, PathBuf};
use std::time::Duration;

use app::session::input::InputChoice;
use app::window::panels::debugger::TraceState;
use app::window::panels::pixel_history::HistoryState;
use app::window::{StartOptions, WorkbenchApp};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use engine::chain::HistoryNote;

const SIZE: (u32, u32) = (64, 32);

/// An effect whose every value at a pixel is known: lines 5 to 12 record (line 10 which branch ran).
const KNOWN: &str = "#include \"ReShade.fxh\"

float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target
{
    float a = pos.x * 0.5;
    float b = a + pos.y;
    int n = 0;
    for (int i = 0; i < 3; i++)
        n += i;
    if (a > 100.0)
        b = 0.0;
    return float4(b, float(n), 0.0, 1.0);
}

technique Known { pass Only { VertexShader = PostProcessVS; PixelShader = PS; } }
";

fn open_window(effect: &Path) -> Harness<'static, WorkbenchApp> {
    let setup = common::wgpu_setup();
    let options = StartOptions {
        effects: vec![effect.to_path_buf()],
        input: InputChoice::TestCard,
        resolution: Some(SIZE),
        ..StartOptions::default()
    };
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1400.0, 800.0))
        .wgpu_setup(setup)
        .build_eframe(move |cc| WorkbenchApp::with_storage(cc, options, None));
    common::settle(&mut harness);
    harness
}

fn temp_effect(name: &str, file: &str, text: &str) -> (PathBuf, PathBuf) {
    let dir = std::env::temp_dir().join(format!("fxbench-debugger-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let effect = dir.join(file);
    std::fs::write(&effect, text).expect("write the effect");
    (dir, effect.canonicalize().expect("written"))
}

/// A window running [`KNOWN`], written to a fresh folder named after `name` (returned to be
/// cleaned up); `None` without a GPU adapter. Its chain must be built.
fn open_known_effect(name: &str) -> Option<(PathBuf, Harness<'static, WorkbenchApp>)> {
    engine::testing::gpu()?;
    let (dir, effect) = temp_effect(name, "Known.fx", KNOWN);
    let harness = open_window(&effect);
    assert!(
        harness.state().runtime().is_some(),
        "{}",
        harness.state().status()
    );
    Some((dir, harness))
}

/// The Debug pane's rows as (line, what, value).
fn listed_rows(harness: &Harness<'_, WorkbenchApp>) -> Vec<(u32, String, String)> {
    harness
        .state()
        .debugger_panel()
        .rows()
        .iter()
        .map(|r| (r.line, r.what.clone(), r.value.clone()))
        .collect()
}

/// Opens the Debug pane from the View menu and chooses `pass` in its pass list.
fn open_debug_pane(harness: &mut Harness<'_, WorkbenchApp>, pass: &str) {
    harness.get_by_label("View").click();
    harness.run_steps(3);
    harness.get_by_label("Debug").click();
    harness.run_steps(3);
    harness
        .get_all_by_role(egui::accesskit::Role::ComboBox)
        .find(|c| c.value().as_deref() == Some("choose a pass"))
        .expect("the pass list")
        .click();
    harness.run_steps(2);
    harness
        .get_all_by_label(pass)
        .last()
        .expect("the pass is listed")
        .click();
    harness.run_steps(2);
}

/// Clicks the preview's image at back-buffer pixel (`x`, `y`).
fn click_preview_pixel(harness: &mut Harness<'_, WorkbenchApp>, x: u32, y: u32) {
    let rect = harness
        .state()
        .preview_panel()
        .image_rect()
        .expect("the preview is shown");
    let scale = rect.width() / SIZE.0 as f32;
    let at = rect.min + egui::vec2((x as f32 + 0.5) * scale, (y as f32 + 0.5) * scale);
    click_at(harness, at);
}

/// A click at `at`, as a user's: the pointer moves there, presses and releases.
fn click_at(harness: &mut Harness<'_, WorkbenchApp>, at: egui::Pos2) {
    harness.hover_at(at);
    harness.run_steps(1);
    harness.drag_at(at);
    harness.drop_at(at);
    harness.run_steps(1);
}

/// Runs frames until the trace is recorded or failed (the instrumented compile runs on a worker).
fn wait_for_trace(harness: &mut Harness<'_, WorkbenchApp>) {
    for _ in 0..500 {
        harness.run_steps(1);
        match &harness.state().debugger_panel().state {
            TraceState::Done(_) => return,
            TraceState::Failed(why) => panic!("the trace failed: {why}"),
            _ => std::thread::sleep(Duration::from_millis(20)),
        }
    }
    panic!("no trace after 10 s");
}

/// What `KNOWN` records at pixel (`x`, `y`): `SV_Position` is the pixel's centre.
fn expected_rows(x: u32, y: u32) -> Vec<(u32, String, String)> {
    let (px, py) = (x as f32 + 0.5, y as f32 + 0.5);
    let a = px * 0.5;
    let b = a + py;
    let mut rows = vec![
        (5, "a".to_string(), format!("{a:?}")),
        (6, "b".to_string(), format!("{b:?}")),
        (7, "n".to_string(), "0".to_string()),
    ];
    let mut n = 0;
    for i in 0..3 {
        rows.push((8, "i".to_string(), i.to_string()));
        n += i;
        rows.push((9, "n".to_string(), n.to_string()));
    }
    rows.push((8, "i".to_string(), "3".to_string()));
    // Which branch ran.
    rows.push((10, "if".to_string(), (a > 100.0).to_string()));
    rows.push((
        12,
        "return PS".to_string(),
        format!("float4({b:?}, {:?}, 0.0, 1.0)", n as f32),
    ));
    rows
}

#[test]
fn a_clicked_pixel_lists_its_trace_jumps_to_lines_and_marks_the_editor_until_an_edit() {
    let Some((dir, mut harness)) = open_known_effect("known") else {
        return;
    };
    open_debug_pane(&mut harness, "Known/Only");
    assert!(matches!(
        harness.state().debugger_panel().state,
        TraceState::Idle
    ));

    let (x, y) = (6, 2);
    click_preview_pixel(&mut harness, x, y);
    assert_eq!(harness.state().debugger_panel().target(), Some([x, y, 0]));
    wait_for_trace(&mut harness);
    let TraceState::Done(recorded) = &harness.state().debugger_panel().state else {
        unreachable!("waited for it");
    };
    println!(
        "trace in the window: set up in {:.1} ms on the UI thread, read back after {:.1} ms",
        recorded.ui_time.as_secs_f64() * 1e3,
        recorded.latency.as_secs_f64() * 1e3
    );
    assert!(!recorded.cut);
    assert_eq!(recorded.written, 12);
    // The frames after the one that recorded go on as before.
    harness.run_steps(3);
    assert!(
        !harness.state().status().contains("rendering stopped"),
        "{}",
        harness.state().status()
    );
    assert_eq!(listed_rows(&harness), expected_rows(x, y));
    // The loop's rows say which iteration they are: `i++` and `n += i` ran three times each
    // (`int i = 0` once).
    harness.run_steps(1);
    assert_eq!(harness.get_all_by_label("3 of 3 in PS").count(), 2);
    assert_eq!(harness.get_all_by_label("1 of 3 in PS").count(), 2);
    harness.get_by_label("float4(5.75, 3.0, 0.0, 1.0)");

    // The editor's line ends: the last value, and how often a loop's line recorded.
    let editor = harness.state().editor();
    assert_eq!(editor.trace_label(6).as_deref(), Some("b = 5.75"));
    assert_eq!(editor.trace_label(9).as_deref(), Some("n = 3  \u{d7}3"));
    assert_eq!(editor.trace_label(8).as_deref(), Some("i = 3  \u{d7}4"));
    // The branch's line says which way it went.
    assert_eq!(editor.trace_label(10).as_deref(), Some("if = false"));
    // The branch not taken did not run.
    assert_eq!(editor.trace_not_run(), [11]);

    // A row's click puts the editor's cursor on its line.
    harness.get_by_label("5.75").click();
    harness.run_steps(3);
    let (start, _) = harness.state().editor().selection().expect("a cursor");
    assert_eq!(start.0, 6);

    // The filter keeps one variable's rows.
    let filter = harness
        .get_all_by_label("Filter:")
        .find(|t| t.accesskit_node().role() == egui::accesskit::Role::TextInput)
        .expect("the filter field")
        .rect();
    click_at(&mut harness, filter.center());
    harness.run_steps(1);
    harness.event(egui::Event::Text("i".to_string()));
    harness.run_steps(2);
    let filtered: Vec<String> = harness
        .state()
        .debugger_panel()
        .rows()
        .iter()
        .map(|r| r.value.clone())
        .collect();
    // `i`'s four rows, and the branch's (`if` contains the text too).
    assert_eq!(filtered, ["0", "1", "2", "3", "false"]);

    // An edit clears the values in the editor and the pane.
    let text = harness
        .get_all_by_role(egui::accesskit::Role::MultilineTextInput)
        .next()
        .expect("the editor's text area")
        .rect();
    click_at(&mut harness, text.left_top() + egui::vec2(60.0, 8.0));
    harness.run_steps(1);
    harness.key_press(egui::Key::End);
    harness.event(egui::Event::Text(" ".to_string()));
    harness.run_steps(2);
    assert_eq!(harness.state().editor().trace_label(6), None);
    assert!(harness.state().debugger_panel().rows().is_empty());
    common::settle(&mut harness);
    assert_eq!(harness.state().editor().trace_label(6), None);
    std::fs::remove_dir_all(&dir).expect("clean up");
}

/// A `.wfx` effect whose every value at a pixel is known: its lines 3 to 11 record (line 8
/// which branch ran; line 9 never runs).
const KNOWN_WFX: &str = "#include \"shaders/fxbench.wfxh\"
@fragment fn ps(in: PostProcessOut) -> @location(0) vec4<f32> {
    let a = in.position.x * 0.5;
    var n = 0;
    for (var i = 0; i < 2; i++) {
        n += i;
    }
    if a > 100.0 {
        n = 5;
    }
    return vec4<f32>(a, f32(n), 0.0, 1.0);
}
technique Plain { pass Only { VertexShader = PostProcessVS; PixelShader = ps; } }
";

#[test]
fn a_wfx_pass_lists_its_trace_and_marks_the_editor() {
    if engine::testing::gpu().is_none() {
        return;
    }
    let (dir, effect) = temp_effect("wfx", "plain.wfx", KNOWN_WFX);
    let mut harness = open_window(&effect);
    open_debug_pane(&mut harness, "Plain/Only");
    let (x, y) = (6, 2);
    click_preview_pixel(&mut harness, x, y);
    wait_for_trace(&mut harness);
    let TraceState::Done(recorded) = &harness.state().debugger_panel().state else {
        unreachable!("waited for it");
    };
    assert_eq!(recorded.written, 9);
    // `position` is the pixel's centre: a = 6.5 * 0.5.
    let listed: Vec<(u32, &str, &str)> = recorded
        .rows
        .iter()
        .map(|r| (r.line, r.what.as_str(), r.value.as_str()))
        .collect();
    assert_eq!(
        listed,
        [
            (3, "a", "3.25"),
            (4, "n", "0"),
            (5, "i", "0"),
            (6, "n", "0"),
            (5, "i", "1"),
            (6, "n", "1"),
            (5, "i", "2"),
            (8, "if", "false"),
            (11, "return ps", "vec4<f32>(3.25, 1.0, 0.0, 1.0)"),
        ]
    );
    harness.run_steps(1);
    let editor = harness.state().editor();
    assert_eq!(editor.trace_label(3).as_deref(), Some("a = 3.25"));
    assert_eq!(editor.trace_label(5).as_deref(), Some("i = 2  \u{d7}3"));
    assert_eq!(editor.trace_label(6).as_deref(), Some("n = 1  \u{d7}2"));
    assert_eq!(editor.trace_label(8).as_deref(), Some("if = false"));
    assert_eq!(editor.trace_not_run(), [9]);
    std::fs::remove_dir_all(&dir).expect("clean up");
}

#[test]
fn a_trace_past_the_buffer_says_where_it_was_cut() {
    if engine::testing::gpu().is_none() {
        return;
    }
    let long = "#include \"ReShade.fxh\"

float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target
{
    int n = 0;
    for (int i = 0; i < 3000; i++)
        n += i;
    return float4(float(n), 0.0, 0.0, 1.0);
}

technique Long { pass Loop { VertexShader = PostProcessVS; PixelShader = PS; } }
";
    let (dir, effect) = temp_effect("long", "Long.fx", long);
    let mut harness = open_window(&effect);
    open_debug_pane(&mut harness, "Long/Loop");
    click_preview_pixel(&mut harness, 1, 1);
    wait_for_trace(&mut harness);
    let TraceState::Done(recorded) = &harness.state().debugger_panel().state else {
        unreachable!("waited for it");
    };
    // `n = 0`, then per iteration `i` and `n`, the last `i++`, the return.
    assert_eq!(recorded.written, 1 + 1 + 3000 * 2 + 1);
    assert!(recorded.cut);
    assert_eq!(recorded.rows.len(), 4096);
    harness.run_steps(1);
    harness.get_by_label("Trace cut at 4096 records");
    std::fs::remove_dir_all(&dir).expect("clean up");
}

#[test]
fn a_compute_pass_asks_for_a_thread_and_records_its_value() {
    if engine::testing::gpu().is_none() {
        return;
    }
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/debugger/trace.fx");
    let mut harness = open_window(&fixture);
    open_debug_pane(&mut harness, "TraceCompute/Fill");
    let field = harness
        .get_all_by_label("Thread X,Y,Z:")
        .find(|t| t.accesskit_node().role() == egui::accesskit::Role::TextInput)
        .expect("a compute pass asks for a thread")
        .rect();
    click_at(&mut harness, field.center());
    harness.event(egui::Event::Text("2,3,0".to_string()));
    harness.run_steps(1);
    harness.get_by_label("Record").click();
    harness.run_steps(1);
    wait_for_trace(&mut harness);
    let TraceState::Done(recorded) = &harness.state().debugger_panel().state else {
        unreachable!("waited for it");
    };
    assert!(recorded.compute);
    // `float v = id.x * 10 + id.y` for thread (2, 3).
    let listed: Vec<(u32, &str, &str)> = recorded
        .rows
        .iter()
        .map(|r| (r.line, r.what.as_str(), r.value.as_str()))
        .collect();
    assert_eq!(listed, [(38, "v", "23.0")]);
    harness.run_steps(1);
    harness.get_by_label_contains("TraceCompute/Fill at thread 2,3,0: 1 record (");

    // A rebuilt chain (F5) leaves no stale trace.
    harness.state_mut().queue(app::window::Command::Reload);
    common::settle(&mut harness);
    assert!(matches!(
        harness.state().debugger_panel().state,
        TraceState::Idle
    ));
    assert!(harness.state().debugger_panel().rows().is_empty());
}

#[test]
fn a_click_in_the_inspector_picks_the_pixel_too() {
    if engine::testing::gpu().is_none() {
        return;
    }
    let (dir, effect) = temp_effect("inspector", "Known.fx", KNOWN);
    let mut harness = open_window(&effect);
    open_debug_pane(&mut harness, "Known/Only");
    // The Inspector's tab behind the preview.
    harness.get_by_label("Inspector").click();
    harness.run_steps(5);
    let mut placement = None;
    for _ in 0..100 {
        placement = harness.state().inspector_panel().image_placement();
        if placement.is_some() {
            break;
        }
        harness.run_steps(1);
    }
    let (rect, _) = placement.expect("the inspector shows the back buffer");
    let (x, y) = (10, 3);
    // Hovered, the image shows its readout line, which moves it: place the click after that.
    harness.hover_at(rect.center());
    harness.run_steps(2);
    let (rect, scale) = harness
        .state()
        .inspector_panel()
        .image_placement()
        .expect("still shown");
    click_at(
        &mut harness,
        rect.min + egui::vec2((x as f32 + 0.5) * scale, (y as f32 + 0.5) * scale),
    );
    assert_eq!(harness.state().debugger_panel().target(), Some([x, y, 0]));
    wait_for_trace(&mut harness);
    let rows = harness.state().debugger_panel().rows();
    assert_eq!(rows[0].what, "a");
    assert_eq!(rows[0].value, "5.25");
    std::fs::remove_dir_all(&dir).expect("clean up");
}

/// Runs frames until the pixel history is recorded or failed.
fn wait_for_history(harness: &mut Harness<'_, WorkbenchApp>) {
    for _ in 0..500 {
        harness.run_steps(1);
        match &harness.state().debugger_panel().history {
            HistoryState::Done { .. } => return,
            HistoryState::Failed(why) => panic!("the history failed: {why}"),
            _ => std::thread::sleep(Duration::from_millis(20)),
        }
    }
    panic!("no pixel history after 10 s");
}

#[test]
fn a_clicked_pixel_lists_its_history_and_a_pass_clicked_there_is_traced() {
    let effect = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/debugger/history.fx")
        .canonicalize()
        .expect("the effect");
    let mut harness = open_window(&effect);
    harness.get_by_label("View").click();
    harness.run_steps(3);
    harness.get_by_label("Debug").click();
    harness.run_steps(3);
    // The right half: pass Blend discards it, so pass Add's stencil test fails there.
    click_preview_pixel(&mut harness, 50, 10);
    wait_for_history(&mut harness);
    let HistoryState::Done { history, .. } = &harness.state().debugger_panel().history else {
        unreachable!("waited for it");
    };
    assert_eq!(history.pixel, [50, 10]);
    let names: Vec<&str> = history.passes.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["Write", "Blend", "Add"]);
    assert_eq!(history.passes[1].targets[0].notes, [HistoryNote::Discarded]);
    assert_eq!(
        history.passes[2].targets[0].notes,
        [HistoryNote::StencilRejected]
    );
    let key = history.passes[2].pass.key;
    harness.run_steps(2);
    harness.get_by_label("Pixel history at 50,10: 3 passes");
    harness.get_by_label("discarded");
    harness.get_by_label("stencil test failed");

    // As a user would: scrolled into the pane's view, then clicked.
    harness.get_by_label("History/Add").scroll_to_me();
    harness.run_steps(2);
    harness.get_by_label("History/Add").click();
    harness.run_steps(2);
    assert_eq!(harness.state().debugger_panel().pass(), Some((key, 2)));
    wait_for_trace(&mut harness);
    let TraceState::Done(recorded) = &harness.state().debugger_panel().state else {
        unreachable!("waited for it");
    };
    assert_eq!((recorded.ask.pass, recorded.ask.target), (2, [50, 10, 0]));
    assert!(
        recorded.rows.iter().any(|r| r.what.contains("return")),
        "{:?}",
        recorded.rows
    );
    assert!(
        matches!(
            harness.state().debugger_panel().history,
            HistoryState::Done { .. }
        ),
        "tracing a pass keeps the history"
    );
}

#[test]
fn a_pass_marker_in_the_editors_gutter_chooses_the_pass_and_records_it_at_the_pixel() {
    let Some((dir, mut harness)) = open_known_effect("gutter") else {
        return;
    };
    // The pass is declared on line 15: its marker is there, named as the Debug pane names it.
    let markers: Vec<(u32, String)> = harness
        .state()
        .editor()
        .pass_markers()
        .iter()
        .map(|m| (m.line, m.label.clone()))
        .collect();
    assert_eq!(markers, [(15, "Known/Only".to_string())]);

    // With the Debug pane closed, a click on the marker opens it with the pass chosen; no
    // pixel is set yet, so nothing records.
    harness.get_by_label("Debug Known/Only").click();
    harness.run_steps(3);
    let chosen = harness.state().debugger_panel().pass();
    assert!(chosen.is_some_and(|(_, pass)| pass == 0));
    assert!(matches!(
        harness.state().debugger_panel().state,
        TraceState::Idle
    ));

    // A pixel picked in the preview records the pass chosen from the gutter.
    let (x, y) = (9, 4);
    click_preview_pixel(&mut harness, x, y);
    wait_for_trace(&mut harness);
    assert_eq!(listed_rows(&harness), expected_rows(x, y));

    // The marker again, with the pixel set: it records at once.
    harness.get_by_label("Debug Known/Only").click();
    harness.run_steps(1);
    assert!(matches!(
        harness.state().debugger_panel().state,
        TraceState::Compiling { .. } | TraceState::Recording { .. }
    ));
    wait_for_trace(&mut harness);
    let TraceState::Done(recorded) = &harness.state().debugger_panel().state else {
        unreachable!("waited for it");
    };
    assert_eq!(recorded.ask.target, [x, y, 0]);
    assert_eq!(recorded.ask.pass, 0);
    std::fs::remove_dir_all(&dir).expect("clean up");
}
