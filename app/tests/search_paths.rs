//! The window's search paths: `-I` folders given at start find a preset's effect, the Search
//! paths menu changes them (reopening the document), and they are stored with the settings.

mod common;
use common::MemoryStorage;

use std::path::PathBuf;

use app::session::input::InputChoice;
use app::window::{StartOptions, WorkbenchApp};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;

/// The real app in a 1200x600 harness, with no stored settings.
fn open_window(options: StartOptions) -> Harness<'static, WorkbenchApp> {
    Harness::builder()
        .with_size(egui::vec2(1200.0, 600.0))
        .wgpu_setup(common::wgpu_setup())
        .build_eframe(move |cc| WorkbenchApp::with_storage(cc, options, None))
}

/// A preset beside nothing, naming an effect that lives in `Library/Sub` only.
fn layout(name: &str) -> (PathBuf, PathBuf, PathBuf) {
    let dir = std::env::temp_dir().join(format!(
        "fxbench-window-search-{name}-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    let library = dir.join("Library");
    std::fs::create_dir_all(library.join("Sub")).expect("folders");
    std::fs::write(
        library.join("Sub/Warm.fx"),
        "#include \"ReShade.fxh\"\n\
         float4 PS(float4 p : SV_Position, float2 uv : TEXCOORD) : SV_Target { return float4(1.0, 0.5, 0.0, 1.0); }\n\
         technique Warm { pass { VertexShader = PostProcessVS; PixelShader = PS; } }\n",
    )
    .expect("effect");
    let presets = dir.join("Presets");
    std::fs::create_dir_all(&presets).expect("folder");
    let preset = presets.join("warm.ini");
    std::fs::write(&preset, "Techniques=Warm@Warm.fx\n").expect("preset");
    (dir, library, preset)
}

fn runs_warm(harness: &Harness<'_, WorkbenchApp>) -> bool {
    harness
        .state()
        .runtime()
        .is_some_and(|r| r.chain().find("Warm", Some("Warm.fx")).is_some())
}

#[test]
fn include_folders_given_at_start_find_the_presets_effects() {
    if engine::testing::gpu().is_none() {
        return;
    }
    let (dir, library, preset) = layout("start");
    let options = StartOptions {
        preset: Some(preset),
        input: InputChoice::TestCard,
        ..StartOptions::default()
    };
    let mut without = open_window(options.clone());
    without.run_steps(2);
    assert!(!runs_warm(&without));
    let mut with = open_window(StartOptions {
        include: vec![library.clone()],
        ..options
    });
    with.run_steps(2);
    assert!(runs_warm(&with));
    assert_eq!(with.state().stored().include, [library]);
    std::fs::remove_dir_all(&dir).expect("cleaned up");
}

/// The multi-line field just below the label `label`.
fn field_below(harness: &Harness<'_, WorkbenchApp>, label: &str) -> egui::Rect {
    let label = harness.get_by_label(label).rect();
    harness
        .get_all_by_role(egui::accesskit::Role::MultilineTextInput)
        .map(|n| n.rect())
        .filter(|r| r.top() >= label.bottom() - 1.0 && (r.left() - label.left()).abs() < 40.0)
        .min_by(|a, b| a.top().total_cmp(&b.top()))
        .expect("a field below the label")
}

#[test]
fn the_search_paths_menu_reopens_with_the_new_folders() {
    if engine::testing::gpu().is_none() {
        return;
    }
    let (dir, library, preset) = layout("menu");
    let mut harness = open_window(StartOptions {
        preset: Some(preset),
        input: InputChoice::TestCard,
        ..StartOptions::default()
    });
    harness.run_steps(2);
    assert!(!runs_warm(&harness));
    harness.get_by_label("File").click();
    harness.run_steps(2);
    harness.get_by_label("Search paths").click();
    harness.run_steps(2);
    let field = field_below(&harness, "Effect search paths (with their subfolders)");
    harness.hover_at(field.center());
    harness.drag_at(field.center());
    harness.drop_at(field.center());
    harness.run_steps(1);
    harness.event(egui::Event::Text(library.display().to_string()));
    harness.run_steps(2);
    harness.get_by_label("Apply").click();
    // The reopen compiles in the background (#23).
    common::settle(&mut harness);
    assert!(runs_warm(&harness));
    let stored = harness.state().stored();
    assert_eq!(stored.include, [library]);
    assert!(stored.textures.is_empty());
    std::fs::remove_dir_all(&dir).expect("cleaned up");
}

#[test]
fn stored_search_paths_come_back_when_none_are_given() {
    if engine::testing::gpu().is_none() {
        return;
    }
    let (dir, library, preset) = layout("stored");
    let textures = vec![PathBuf::from("Pictures/**")];
    let mut first = open_window(StartOptions {
        preset: Some(preset),
        input: InputChoice::TestCard,
        include: vec![library.clone()],
        textures: textures.clone(),
        ..StartOptions::default()
    });
    first.run_steps(2);
    assert!(runs_warm(&first));
    let mut storage = MemoryStorage::default();
    eframe::App::save(first.state_mut(), &mut storage);
    drop(first);
    // Started again with nothing named: the same preset, found through the same folders.
    let mut second = Harness::builder()
        .with_size(egui::vec2(1200.0, 600.0))
        .wgpu_setup(common::wgpu_setup())
        .build_eframe(move |cc| {
            WorkbenchApp::with_storage(cc, StartOptions::default(), Some(&storage))
        });
    second.run_steps(2);
    assert_eq!(second.state().opened().include, [library]);
    assert_eq!(second.state().opened().textures, textures);
    assert!(runs_warm(&second));
    std::fs::remove_dir_all(&dir).expect("cleaned up");
}
