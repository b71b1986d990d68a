//! Every kind of bad file through every way into the window (Open effects, Open preset, Open
//! image, a drop, the command line): the window keeps running, the session that was open stays,
//! and the reason is shown. A panic anywhere fails the test.
#![allow(clippy::unwrap_used)] // Helpers of tests unwrap as the tests do.

mod common;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use app::session::input::InputChoice;
use app::window::{StartOptions, WorkbenchApp};
use egui_kittest::Harness;

fn open_window(options: StartOptions) -> Harness<'static, WorkbenchApp> {
    let setup = common::wgpu_setup();
    Harness::builder()
        .with_size(egui::vec2(1000.0, 600.0))
        .wgpu_setup(setup)
        .build_eframe(move |cc| WorkbenchApp::new(cc, options))
}

/// The bad files, each with the reason the window must give: a binary file, one over the
/// 16 MiB cap, a folder, and a FIFO (where `mkfifo` exists; no one ever writes to it, so reading
/// it would block the window forever).
fn bad_files(dir: &Path, extension: &str) -> Vec<(PathBuf, &'static str)> {
    let mut files = Vec::new();
    let binary = dir.join(format!("binary.{extension}"));
    let mut bytes = b"\x89PNG\r\n\x1a\n".to_vec();
    bytes.extend((0..4096u32).map(|i| (i * 7919 % 251) as u8));
    std::fs::write(&binary, &bytes).unwrap();
    files.push((binary, "binary"));
    let huge = dir.join(format!("huge.{extension}"));
    let file = std::fs::File::create(&huge).unwrap();
    // Sparse: 300 MiB on disk costs nothing, and is past every cap (16 MiB for text files,
    // 256 MiB for images).
    file.set_len(300 << 20).unwrap();
    files.push((huge, "huge"));
    let folder = dir.join(format!("folder.{extension}"));
    std::fs::create_dir_all(&folder).unwrap();
    files.push((folder, "folder"));
    let fifo = dir.join(format!("fifo.{extension}"));
    if std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|s| s.success())
    {
        files.push((fifo, "fifo"));
    }
    files
}

/// What a file dropped on the window is.
#[derive(Debug)]
struct Dropped(PathBuf);

impl egui::DroppedFile for Dropped {
    fn path(&self) -> &Path {
        &self.0
    }

    fn bytes(&self) -> Result<Vec<u8>, String> {
        Err("not read by the window".to_string())
    }
}

/// The demo preset's session still runs (its 2 effects), with the original options.
fn assert_kept(harness: &Harness<'_, WorkbenchApp>, what: &str) {
    let state = harness.state();
    let chain = state
        .runtime()
        .unwrap_or_else(|| panic!("{what}: the chain stopped"))
        .chain();
    assert_eq!(chain.effect_count(), 2, "{what}: the demo's effects");
    assert!(
        state.opened().effects.is_empty(),
        "{what}: {:?}",
        state.opened()
    );
    assert_eq!(state.opened().preset, None, "{what}");
    assert!(
        matches!(state.opened().input, InputChoice::TestCard),
        "{what}"
    );
}

#[test]
fn bad_files_never_replace_the_session_whichever_way_they_come_in() {
    if engine::testing::gpu().is_none() {
        return;
    }
    let dir = std::env::temp_dir().join(format!("fxbench-bad-files-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let start = StartOptions {
        input: InputChoice::TestCard,
        ..StartOptions::default()
    };
    let mut harness = open_window(start.clone());
    harness.run_steps(2);
    assert_kept(&harness, "the start");
    let mut tried = 0;
    for extension in ["fx", "wfx", "txt", "ini", "png"] {
        for (path, kind) in bad_files(&dir, extension) {
            let what = format!("{kind} .{extension}");
            // What the Open effects / preset / image buttons send once a file is picked.
            let options = match extension {
                "ini" => StartOptions {
                    preset: Some(path.clone()),
                    ..start.clone()
                },
                "png" => StartOptions {
                    input: InputChoice::Image(path.clone()),
                    ..start.clone()
                },
                _ => StartOptions {
                    effects: vec![path.clone()],
                    ..start.clone()
                },
            };
            assert!(!harness.state_mut().open(options), "{what} opened");
            harness.run_steps(2);
            assert_kept(&harness, &what);
            let status = harness.state().status().to_string();
            assert!(
                status.contains(&path.display().to_string()),
                "{what}: the status names the file: {status}"
            );
            // The same file dropped on the window.
            harness
                .input_mut()
                .dropped_files
                .push(Arc::new(Dropped(path.clone())));
            harness.run_steps(2);
            assert_kept(&harness, &format!("{what}, dropped"));
            assert!(
                harness.state().status_log().any(|m| m == status),
                "{what}: the reason stays in the log"
            );
            tried += 1;
        }
    }
    assert!(tried >= 15, "{tried} cases");
    // On the command line: no session to keep; the window runs and says why.
    for (path, kind) in bad_files(&dir, "fx") {
        let mut harness = open_window(StartOptions {
            effects: vec![path.clone()],
            ..start.clone()
        });
        harness.run_steps(3);
        assert!(harness.state().runtime().is_none(), "{kind}");
        let status = harness.state().status();
        assert!(
            status.contains(&path.display().to_string()),
            "{kind}: {status}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
