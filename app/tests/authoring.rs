//! The authoring loop through the real window (egui_kittest on the software GPU): edit an effect
//! in the editor and see the preview change, errors underlined and listed, diagnostics that open
//! the editor where they point, saving, uniform reset and undo, the layout and open files kept
//! across a restart, and dropped files.

mod common;
use common::MemoryStorage;

use std::path::{Path, PathBuf};
use std::time::Duration;

use app::session::input::InputChoice;
use app::window::{StartOptions, WorkbenchApp};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;

fn harness_with(
    options: StartOptions,
    storage: Option<MemoryStorage>,
) -> Harness<'static, WorkbenchApp> {
    let setup = common::wgpu_setup();
    Harness::builder()
        .with_size(egui::vec2(1400.0, 800.0))
        .wgpu_setup(setup)
        .build_eframe(move |cc| {
            WorkbenchApp::with_storage(
                cc,
                options,
                storage.as_ref().map(|s| s as &dyn eframe::Storage),
            )
        })
}

fn open_window(options: StartOptions) -> Harness<'static, WorkbenchApp> {
    harness_with(options, None)
}

/// A file dropped on the window, as the window system hands it over.
#[derive(Debug)]
struct Dropped(PathBuf);

impl egui::DroppedFile for Dropped {
    fn path(&self) -> &Path {
        &self.0
    }
    fn bytes(&self) -> Result<Vec<u8>, String> {
        std::fs::read(&self.0).map_err(|e| e.to_string())
    }
}

fn assets() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../assets")
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fxbench-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// A one-pass effect that fills the frame with `colour` (WGSL expression).
fn solid(colour: &str) -> String {
    format!(
        "#include \"shaders/fxbench.wfxh\"\n\
         @fragment fn ps(in: PostProcessOut) -> @location(0) vec4<f32> {{\n    return {colour};\n}}\n\
         technique Solid {{ pass {{ VertexShader = PostProcessVS; PixelShader = ps; }} }}\n"
    )
}

/// The chain's output pixel at the centre.
fn centre_pixel(harness: &Harness<'_, WorkbenchApp>) -> [u8; 4] {
    let runtime = harness.state().runtime().expect("runtime");
    let gpu = runtime.gpu();
    let image = engine::input::read_texture(&gpu.device, &gpu.queue, runtime.chain().output())
        .expect("read back");
    let i = ((image.height / 2 * image.width + image.width / 2) * 4) as usize;
    [
        image.pixels[i],
        image.pixels[i + 1],
        image.pixels[i + 2],
        image.pixels[i + 3],
    ]
}

/// Runs frames until `done` holds (at most ~10 s: compiles run on a worker thread).
fn wait_until(
    harness: &mut Harness<'_, WorkbenchApp>,
    done: impl Fn(&Harness<'_, WorkbenchApp>) -> bool,
) -> bool {
    for _ in 0..500 {
        harness.run_steps(1);
        if done(harness) {
            return true;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    false
}

/// Replaces the editor's text as a user would: click into it, select all, type.
fn type_into_editor(harness: &mut Harness<'_, WorkbenchApp>, text: &str) {
    let editor = harness
        .get_all_by_role(egui::accesskit::Role::MultilineTextInput)
        .next()
        .expect("the editor's text area")
        .rect();
    harness.hover_at(editor.left_top() + egui::vec2(40.0, 8.0));
    harness.drag_at(editor.left_top() + egui::vec2(40.0, 8.0));
    harness.drop_at(editor.left_top() + egui::vec2(40.0, 8.0));
    harness.run_steps(1);
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness.run_steps(1);
    harness.event(egui::Event::Text(text.to_string()));
    harness.run_steps(1);
}

#[test]
fn typing_into_the_editor_recompiles_keeps_the_last_good_chain_on_error_and_saves() {
    if engine::testing::gpu().is_none() {
        return;
    }
    let dir = temp_dir("editor-typing");
    let effect = dir.join("solid.wfx");
    std::fs::write(&effect, solid("vec4<f32>(1.0, 0.0, 0.0, 1.0)")).unwrap();
    let mut harness = open_window(StartOptions {
        effects: vec![effect.clone()],
        input: InputChoice::TestCard,
        ..StartOptions::default()
    });
    harness.run_steps(3);
    // Opened without a preset: its technique runs.
    assert_eq!(centre_pixel(&harness), [255, 0, 0, 255]);
    assert_eq!(
        harness.state().editor().active_path(),
        Some(effect.canonicalize().unwrap().as_path())
    );

    // An error typed in: listed, underlined where it is, and the red chain keeps running.
    type_into_editor(&mut harness, &solid("vec3<f32>(0.0, 1.0, 0.0)"));
    assert!(harness.state().editor().tab_labels()[0].ends_with('\u{2022}'));
    assert!(harness.state().title().contains('\u{2022}'));
    assert!(wait_until(&mut harness, |h| !h
        .state()
        .diagnostics()
        .is_empty()));
    let row = &harness.state().diagnostics()[0];
    assert_eq!(row.severity, analysis::Severity::Error);
    assert_eq!(
        harness.state().status(),
        "reload failed: the effects have errors (see Diagnostics)"
    );
    let underlined = harness.state().editor().active_underlines();
    assert!(
        underlined
            .iter()
            .any(|(text, severity)| text.contains("vec3") && *severity == analysis::Severity::Error),
        "{underlined:?}"
    );
    assert_eq!(centre_pixel(&harness), [255, 0, 0, 255]);
    // Nothing was written: the file on disk is the red one.
    assert!(
        std::fs::read_to_string(&effect)
            .unwrap()
            .contains("1.0, 0.0, 0.0")
    );

    // Fixed: the preview turns green before anything is saved.
    type_into_editor(&mut harness, &solid("vec4<f32>(0.0, 1.0, 0.0, 1.0)"));
    assert!(wait_until(&mut harness, |h| h
        .state()
        .status()
        .starts_with("reloaded")));
    harness.run_steps(2);
    assert_eq!(centre_pixel(&harness), [0, 255, 0, 255]);
    // The edit's chain was built with its pipelines on the compile's worker thread.
    let chain = harness.state().runtime().expect("a chain runs").chain();
    assert_ne!(chain.built_on(), std::thread::current().id());
    assert!(harness.state().diagnostics().is_empty());
    assert!(harness.state().editor().active_underlines().is_empty());

    // Ctrl+S (the editor lost focus so the window's shortcut sees it) writes the file.
    harness.key_press(egui::Key::Escape);
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
    harness.run_steps(2);
    assert_eq!(
        std::fs::read_to_string(&effect).unwrap(),
        solid("vec4<f32>(0.0, 1.0, 0.0, 1.0)")
    );
    assert_eq!(harness.state().status(), "saved 1 file");
    assert!(!harness.state().editor().tab_labels()[0].ends_with('\u{2022}'));
    assert!(!harness.state().title().contains('\u{2022}'));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn clicking_a_diagnostic_or_its_related_span_opens_the_editor_there() {
    if engine::testing::gpu().is_none() {
        return;
    }
    let effect = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/fixtures/Redefinition/err.wfx")
        .canonicalize()
        .unwrap();
    let mut harness = open_window(StartOptions {
        effects: vec![effect.clone()],
        input: InputChoice::TestCard,
        ..StartOptions::default()
    });
    harness.run_steps(3);
    // Move the editor away from the error first: another tab.
    assert!(harness.state().editor().paths().count() > 1, "the includes");

    harness
        .get_by_label("error: [Redefinition] 'Main' : redefinition")
        .click();
    harness.run_steps(3);
    let editor = harness.state().editor();
    assert_eq!(editor.active_path(), Some(effect.as_path()));
    assert_eq!(editor.selection(), Some(((20, 11), (20, 15))));
    let selected = {
        let text = editor.active_text().unwrap();
        text.lines().nth(19).unwrap()[10..14].to_string()
    };
    assert_eq!(selected, "Main");
    assert_eq!(
        editor.active_underlines(),
        [("Main".to_string(), analysis::Severity::Error)]
    );

    harness.get_by_label_contains("err.wfx:11:11").click();
    harness.run_steps(3);
    assert_eq!(
        harness.state().editor().selection(),
        Some(((11, 11), (11, 15)))
    );
}

#[test]
fn reset_restores_the_initial_value_and_undo_redo_step_through_it() {
    if engine::testing::gpu().is_none() {
        return;
    }
    let mut harness = open_window(StartOptions {
        input: InputChoice::TestCard,
        ..StartOptions::default()
    });
    harness.run_steps(3);
    let strength = |h: &Harness<'_, WorkbenchApp>| {
        let chain = h.state().runtime().expect("runtime").chain();
        let e = chain
            .effect_indices()
            .find(|&e| chain.effect(e).path().ends_with("vignette.wfx"))
            .expect("vignette");
        let id = chain.effect(e).find_uniform("Strength").unwrap();
        chain.uniform_values(e)[id.index()][0]
    };
    // The demo preset sets 0.8; the effect's initial value is 0.6.
    assert!((strength(&harness) - 0.8).abs() < 1e-9);
    harness
        .get_all_by_label("Reset")
        .next()
        .expect("a reset button beside Strength")
        .click();
    harness.run_steps(2);
    assert!((strength(&harness) - 0.6).abs() < 1e-9);
    assert!(harness.state().title().contains('\u{2022}'));

    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    harness.run_steps(2);
    assert!((strength(&harness) - 0.8).abs() < 1e-9);
    harness.key_press_modifiers(
        egui::Modifiers::COMMAND | egui::Modifiers::SHIFT,
        egui::Key::Z,
    );
    harness.run_steps(2);
    assert!((strength(&harness) - 0.6).abs() < 1e-9);

    // Reset all on the effect: Inner too (preset 0.3, initial 0.4) after putting Strength back.
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    harness.run_steps(2);
    harness.get_by_label("Reset all").click();
    harness.run_steps(2);
    assert!((strength(&harness) - 0.6).abs() < 1e-9);
    assert!(harness.query_by_label("Reset all").is_none());
}

#[test]
fn the_uniform_filter_shows_only_matching_uniforms() {
    if engine::testing::gpu().is_none() {
        return;
    }
    let mut harness = open_window(StartOptions {
        input: InputChoice::TestCard,
        ..StartOptions::default()
    });
    harness.run_steps(3);
    harness.get_by_label("Strength");
    harness.get_by_label("Inner radius");
    // The text field on the "Filter" label's row.
    let label = harness.get_by_label("Filter").rect();
    let filter = harness
        .get_all_by_role(egui::accesskit::Role::TextInput)
        .map(|n| n.rect())
        .find(|r| r.y_range().contains(label.center().y) && r.left() > label.left())
        .expect("the filter field");
    harness.hover_at(filter.center());
    harness.drag_at(filter.center());
    harness.drop_at(filter.center());
    harness.run_steps(1);
    harness.event(egui::Event::Text("inner".to_string()));
    harness.run_steps(2);
    assert!(harness.query_by_label("Strength").is_none());
    harness.get_by_label("Inner radius");
}

#[test]
fn the_layout_and_open_files_survive_a_restart() {
    if engine::testing::gpu().is_none() {
        return;
    }
    let vignette = assets().join("vignette.wfx");
    let mut first = open_window(StartOptions {
        effects: vec![vignette.clone()],
        input: InputChoice::TestCard,
        ..StartOptions::default()
    });
    first.run_steps(2);
    // Close the diagnostics pane, as its tab's close button would.
    let diagnostics = first
        .state()
        .layout()
        .tiles
        .find_pane(&app::window::layout::Pane::Diagnostics)
        .expect("diagnostics pane");
    first
        .state_mut()
        .layout_mut()
        .remove_recursively(diagnostics);
    first.run_steps(2);
    let mut storage = MemoryStorage::default();
    eframe::App::save(first.state_mut(), &mut storage);
    let layout_before = format!("{:?}", first.state().layout().tiles.tile_ids().count());
    drop(first);

    // Started again with nothing named: the same files, input and layout.
    let mut second = harness_with(StartOptions::default(), Some(storage));
    second.run_steps(2);
    assert_eq!(
        second.state().opened().effects,
        std::slice::from_ref(&vignette)
    );
    assert_eq!(second.state().opened().input, InputChoice::TestCard);
    assert!(
        second
            .state()
            .layout()
            .tiles
            .find_pane(&app::window::layout::Pane::Diagnostics)
            .is_none()
    );
    assert_eq!(
        format!("{:?}", second.state().layout().tiles.tile_ids().count()),
        layout_before
    );
    assert_eq!(second.state().recent_files().first(), Some(&vignette));
    // The View menu brings the pane back.
    second.get_by_label("View").click();
    second.run_steps(3);
    second.get_by_label("Diagnostics").click();
    second.run_steps(2);
    assert!(
        second
            .state()
            .layout()
            .tiles
            .find_pane(&app::window::layout::Pane::Diagnostics)
            .is_some()
    );
}

#[test]
fn a_dropped_effect_opens_with_its_techniques_running() {
    if engine::testing::gpu().is_none() {
        return;
    }
    let mut harness = open_window(StartOptions {
        input: InputChoice::TestCard,
        ..StartOptions::default()
    });
    harness.run_steps(2);
    let dir = temp_dir("dropped");
    let effect = dir.join("off.wfx");
    // Disabled by its annotation: opening it alone still runs it.
    std::fs::write(
        &effect,
        solid("vec4<f32>(0.0, 0.0, 1.0, 1.0)")
            .replace("technique Solid", "technique Solid < enabled = false; >"),
    )
    .unwrap();
    harness
        .input_mut()
        .dropped_files
        .push(std::sync::Arc::new(Dropped(effect.clone())));
    // The dropped effect compiles in the background (#23).
    common::settle(&mut harness);
    assert_eq!(
        harness.state().opened().effects,
        std::slice::from_ref(&effect)
    );
    let chain = harness.state().runtime().expect("runtime").chain();
    assert!(chain.order().iter().all(|k| chain.is_enabled(*k)));
    assert_eq!(centre_pixel(&harness), [0, 0, 255, 255]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_file_changed_on_disk_under_unsaved_edits_asks_which_to_keep() {
    if engine::testing::gpu().is_none() {
        return;
    }
    let dir = temp_dir("conflict");
    let effect = dir.join("solid.wfx");
    std::fs::write(&effect, solid("vec4<f32>(1.0, 0.0, 0.0, 1.0)")).unwrap();
    let mut harness = open_window(StartOptions {
        effects: vec![effect.clone()],
        input: InputChoice::TestCard,
        ..StartOptions::default()
    });
    harness.run_steps(2);
    let mine = solid("vec4<f32>(0.0, 1.0, 0.0, 1.0)");
    type_into_editor(&mut harness, &mine);
    let theirs = solid("vec4<f32>(0.0, 0.0, 1.0, 1.0)");
    std::fs::write(&effect, &theirs).unwrap();
    assert!(wait_until(&mut harness, |h| h
        .query_by_label("Use the file on disk")
        .is_some()));
    // Neither was dropped meanwhile.
    assert_eq!(harness.state().editor().active_text(), Some(mine.as_str()));
    assert_eq!(std::fs::read_to_string(&effect).unwrap(), theirs);
    harness.get_by_label("Use the file on disk").click();
    harness.run_steps(2);
    assert_eq!(
        harness.state().editor().active_text(),
        Some(theirs.as_str())
    );
    assert!(wait_until(&mut harness, |h| centre_pixel(h) == [0, 0, 255, 255]));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn go_to_line_and_find_select_in_the_editor() {
    if engine::testing::gpu().is_none() {
        return;
    }
    let effect = assets().join("vignette.wfx");
    let mut harness = open_window(StartOptions {
        effects: vec![effect],
        input: InputChoice::TestCard,
        ..StartOptions::default()
    });
    harness.run_steps(3);
    // Focus the editor, then Ctrl+G "13:5" and Enter.
    type_into_editor_focus(&mut harness);
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::G);
    harness.run_steps(2);
    harness.event(egui::Event::Text("13:5".to_string()));
    harness.run_steps(1);
    harness.key_press(egui::Key::Enter);
    harness.run_steps(3);
    assert_eq!(
        harness.state().editor().selection(),
        Some(((13, 5), (13, 5)))
    );
    // Ctrl+F "smoothstep", Enter: the next match after the cursor is selected.
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::F);
    harness.run_steps(2);
    harness.event(egui::Event::Text("smoothstep".to_string()));
    harness.run_steps(1);
    harness.get_by_label("1 match(es)");
    harness.key_press(egui::Key::Enter);
    harness.run_steps(3);
    let ((line, start), (end_line, end)) = harness.state().editor().selection().expect("selected");
    assert_eq!((line, end_line), (13, 13));
    let text = harness.state().editor().active_text().expect("text");
    let line_text = text.lines().nth(12).expect("line 13");
    let chars: String = line_text
        .chars()
        .skip(start as usize - 1)
        .take((end - start) as usize)
        .collect();
    assert_eq!(chars, "smoothstep");
}

/// Clicks into the editor's text so it has the keyboard.
fn type_into_editor_focus(harness: &mut Harness<'_, WorkbenchApp>) {
    let editor = harness
        .get_all_by_role(egui::accesskit::Role::MultilineTextInput)
        .next()
        .expect("the editor's text area")
        .rect();
    let at = editor.left_top() + egui::vec2(40.0, 8.0);
    harness.hover_at(at);
    harness.drag_at(at);
    harness.drop_at(at);
    harness.run_steps(1);
}

/// A lost GPU device loses nothing: the window writes what is open, the unsaved text and the
/// technique changes to a recovery file (and would start a new window on it), and a window
/// opened with `--recover` has them back, still unsaved.
#[test]
fn a_lost_device_hands_the_unsaved_session_to_a_new_window() {
    if engine::testing::gpu().is_none() {
        return;
    }
    let dir = temp_dir("device-loss");
    let effect = dir.join("tint.wfx");
    let original = "#include \"shaders/fxbench.wfxh\"\n\
        @fragment fn ps(in: PostProcessOut) -> @location(0) vec4<f32> { return vec4<f32>(0.5, 0.5, 0.5, 1.0); }\n\
        technique Tint { pass { VertexShader = PostProcessVS; PixelShader = ps; } }\n";
    std::fs::write(&effect, original).expect("effect written");
    let mut harness = open_window(StartOptions {
        effects: vec![effect.clone()],
        input: InputChoice::TestCard,
        no_relaunch: true,
        ..StartOptions::default()
    });
    harness.run_steps(2);
    // An unsaved edit and an unsaved technique change.
    let edited = original.replace("0.5, 0.5, 0.5", "0.25, 0.5, 0.75");
    type_into_editor(&mut harness, &edited);
    harness.get_by_label("Tint").click();
    harness.run_steps(2);
    assert!(harness.state().editor().is_dirty());

    let runtime = harness.state().runtime().expect("runtime");
    runtime.gpu().device.destroy();
    let _ = runtime
        .gpu()
        .device
        .poll(wgpu::PollType::wait_indefinitely());
    harness.run_steps(2);
    let file = harness
        .state()
        .recovery_file()
        .expect("a recovery file")
        .to_path_buf();
    assert!(
        harness.state().status().contains("GPU device was lost"),
        "{}",
        harness.state().status()
    );
    // Nothing was written over the user's file.
    assert_eq!(std::fs::read_to_string(&effect).expect("read"), original);
    drop(harness);

    let mut recovered = open_window(StartOptions {
        recover: Some(file.clone()),
        ..StartOptions::default()
    });
    recovered.run_steps(3);
    let state = recovered.state();
    assert!(
        state
            .status()
            .starts_with("recovered after the GPU device was lost (destroyed)"),
        "{}",
        state.status()
    );
    assert_eq!(state.opened().effects, vec![effect.clone()]);
    assert_eq!(state.opened().input, InputChoice::TestCard);
    assert!(state.editor().is_dirty(), "the edit is back, unsaved");
    assert_eq!(state.editor().active_text(), Some(edited.as_str()));
    let chain = state.runtime().expect("runtime").chain();
    let tint = chain.find("Tint", None).expect("Tint");
    assert!(!chain.is_enabled(tint), "the technique change is back");
    std::fs::remove_dir_all(&dir).expect("cleaned up");
    let _ = std::fs::remove_file(file);
}
