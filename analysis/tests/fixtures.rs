//! Per-diagnostic fixtures (analyzer RFC §4.2): `tests/fixtures/<Code>/` holds `ok.wfx`, which
//! must load without any diagnostic, and `err.wfx`, whose diagnostics of that code must equal
//! `expected.json` (the `analysis::render::json` shape, file names relative to the folder or to
//! the repository). Every `DiagnosticCode` needs a folder unless it is allow-listed below.
//! Run with `FXBENCH_BLESS=1` to rewrite the `expected.json` files after an intended change.

use std::path::{Path, PathBuf};

use analysis::{DiagnosticCode, Options};
use serde_json::Value;

/// Codes that cannot come from loading an effect file.
const NO_FIXTURE: &[DiagnosticCode] = &[
    // Reported by `preset::Preset` for INI presets, which `load_effect` never reads.
    DiagnosticCode::PresetError,
    // naga's WGSL front end only builds a `Splat` from a scalar (vector construction and
    // vector-scalar arithmetic check the operand is one first), so neither the validator's
    // `InvalidSplatType` nor the constant evaluator's "Splat is defined only on scalar values"
    // can be reached from source text.
    DiagnosticCode::InvalidSplat,
    // `ExpressionError::NotInScope` guards the IR's scoping invariant; naga's WGSL front end
    // emits every expression inside the block that uses it, so effect text cannot produce it.
    DiagnosticCode::UseBeforeDeclaration,
    // Reported by the ReShade FX checker (`analysis::fx`) for `.fx` effects only (the fixtures
    // are `.wfx`); `analysis/tests/fx_check.rs` covers it.
    DiagnosticCode::ImplicitTruncation,
    // Reported by the ReShade FX lowering for `.fx` effects only; `analysis/tests/fx_lower.rs`
    // covers it.
    DiagnosticCode::UnsupportedFeature,
];

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the analysis crate lives in the workspace root")
        .to_path_buf()
}

fn options() -> Options {
    Options {
        include_dirs: vec![repo().join("assets")],
        ..Options::default()
    }
}

/// Rewrites every `file` field to a path relative to `folder`, else to the repository.
fn relativize(value: &mut Value, folder: &Path, repo: &Path) {
    match value {
        Value::Object(map) => {
            for (key, v) in map.iter_mut() {
                if key == "file" {
                    if let Some(path) = v.as_str().map(PathBuf::from) {
                        let short = path
                            .strip_prefix(folder)
                            .or_else(|_| path.strip_prefix(repo))
                            .unwrap_or(&path);
                        *v = Value::String(short.to_string_lossy().replace('\\', "/"));
                    }
                } else {
                    relativize(v, folder, repo);
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|v| relativize(v, folder, repo)),
        _ => {}
    }
}

/// Checks one fixture folder; returns what is wrong with it.
fn check_folder(code: DiagnosticCode, folder: &Path) -> Vec<String> {
    let mut problems = Vec::new();
    let ok = analysis::load_effect(&folder.join("ok.wfx"), &options());
    if !ok.diagnostics.is_empty() || ok.effect.is_none() {
        problems.push(format!(
            "{code}/ok.wfx: expected a clean load, got:\n{}",
            ok.render_diagnostics()
        ));
    }

    let err = analysis::load_effect(&folder.join("err.wfx"), &options());
    let found: Vec<_> = err
        .diagnostics
        .iter()
        .filter(|d| d.code == code)
        .cloned()
        .collect();
    if found.is_empty() {
        problems.push(format!(
            "{code}/err.wfx: no {code} diagnostic; got:\n{}",
            err.render_diagnostics()
        ));
    }
    let mut actual: Value = serde_json::from_str(&analysis::render::json(&err.sources, &found))
        .expect("the JSON renderer writes valid JSON");
    relativize(&mut actual, folder, &repo());
    let expected_path = folder.join("expected.json");
    if std::env::var("FXBENCH_BLESS").is_ok_and(|v| v == "1") {
        let text = serde_json::to_string_pretty(&actual).expect("a JSON value serializes");
        std::fs::write(&expected_path, text + "\n").expect("the fixture folder is writable");
        return problems;
    }
    match std::fs::read_to_string(&expected_path) {
        Ok(text) => match serde_json::from_str::<Value>(&text) {
            Ok(expected) if expected == actual => {}
            Ok(_) => problems.push(format!(
                "{code}/expected.json differs from err.wfx's diagnostics:\n{}",
                serde_json::to_string_pretty(&actual).expect("a JSON value serializes")
            )),
            Err(e) => problems.push(format!("{code}/expected.json: {e}")),
        },
        Err(e) => problems.push(format!("{code}/expected.json: {e}")),
    }
    problems
}

#[test]
fn every_diagnostic_code_has_a_passing_fixture() {
    let root = repo().join("tests/fixtures");
    let mut problems = Vec::new();
    for &code in DiagnosticCode::ALL {
        let folder = root.join(code.as_str());
        match (folder.is_dir(), NO_FIXTURE.contains(&code)) {
            (true, true) => problems.push(format!("{code} is allow-listed but has a fixture")),
            (false, true) => {}
            (false, false) => problems.push(format!("{code} has no folder in tests/fixtures")),
            (true, false) => problems.extend(check_folder(code, &folder)),
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
}

#[test]
fn every_fixture_folder_names_a_diagnostic_code() {
    let root = repo().join("tests/fixtures");
    let entries = std::fs::read_dir(&root).expect("tests/fixtures exists");
    for entry in entries {
        let name = entry.expect("readable directory entry").file_name();
        let name = name.to_string_lossy();
        assert!(
            DiagnosticCode::ALL.iter().any(|c| c.as_str() == name),
            "tests/fixtures/{name} names no DiagnosticCode"
        );
    }
}

#[test]
fn all_codes_are_listed_once() {
    let mut names: Vec<_> = DiagnosticCode::ALL.iter().map(|c| c.as_str()).collect();
    names.sort_unstable();
    let count = names.len();
    names.dedup();
    assert_eq!(names.len(), count, "a code is listed twice in ALL");
}
