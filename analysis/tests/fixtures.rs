//! Per-diagnostic fixtures (analyzer RFC §4.2). `tests/fixtures/<Code>/` holds one trio per
//! language the code applies to: `ok.wfx`, `err.wfx` and `expected.json` for the WGSL-based
//! `.wfx` front end, and `ok.fx`, `err.fx` and `expected.fx.json` for the ReShade FX front end.
//! `ok.*` must load without any diagnostic; the diagnostics of that code in `err.*` must equal
//! the expected JSON (the `analysis::render::json` shape, file names relative to the folder or
//! to the repository). An FX `err.fx` must report nothing but that code: anything else would be
//! a follow-on error or a second mistake in the fixture.
//!
//! Every `DiagnosticCode` needs a folder with at least one trio unless it is allow-listed in
//! `NO_FIXTURE`; every code the FX front end can report (`FX_CODES`, kept equal to the codes its
//! sources name) needs an FX trio unless it is allow-listed in `NO_FX_FIXTURE`.
//! Run with `FXBENCH_BLESS=1` to rewrite the expected JSON files after an intended change.

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
];

/// Every code the ReShade FX front end can report: its preprocessor, parser, checker and
/// lowering, the shared builder, pass and output checks FX effects go through, and the lints. Kept equal
/// to the codes those sources name (`fx_codes_are_the_codes_the_fx_sources_name`).
const FX_CODES: &[DiagnosticCode] = &[
    DiagnosticCode::AssignTypeMismatch,
    DiagnosticCode::ConstDivideByZero,
    DiagnosticCode::ConstructorArgCount,
    DiagnosticCode::ConstructorArgType,
    DiagnosticCode::DeprecatedSyntax,
    DiagnosticCode::DuplicateSwitchCase,
    DiagnosticCode::EmptyStruct,
    DiagnosticCode::EmptySwitch,
    DiagnosticCode::EntryNotFound,
    DiagnosticCode::ImplicitTruncation,
    DiagnosticCode::ImplicitUniform,
    DiagnosticCode::IncludeError,
    DiagnosticCode::IndexOutOfBounds,
    DiagnosticCode::InvalidBinaryOperands,
    DiagnosticCode::InvalidConversion,
    DiagnosticCode::InvalidQualifier,
    DiagnosticCode::InvalidRenderStateName,
    DiagnosticCode::InvalidRenderStateValue,
    DiagnosticCode::InvalidSize,
    DiagnosticCode::InvalidSwitchDefault,
    DiagnosticCode::InvalidSwizzle,
    DiagnosticCode::InvalidUnaryOperand,
    DiagnosticCode::InvalidUniformType,
    DiagnosticCode::IoError,
    DiagnosticCode::LimitExceeded,
    DiagnosticCode::MacroRedefinition,
    DiagnosticCode::MisplacedControlFlow,
    DiagnosticCode::MissingCapability,
    DiagnosticCode::MissingEntry,
    DiagnosticCode::MissingSemantic,
    DiagnosticCode::NoMatchingOverload,
    DiagnosticCode::NonBoolCondition,
    DiagnosticCode::NonConstArraySize,
    DiagnosticCode::NonConstInitializer,
    DiagnosticCode::NonIndexableType,
    DiagnosticCode::NonIntegerIndex,
    DiagnosticCode::NonIntegerSwitch,
    DiagnosticCode::PixelShaderOutputMismatch,
    DiagnosticCode::PragmaMessage,
    DiagnosticCode::PreprocessorError,
    DiagnosticCode::PreprocessorWarning,
    DiagnosticCode::RecursiveFunction,
    DiagnosticCode::Redefinition,
    DiagnosticCode::RenderTargetNeverRead,
    DiagnosticCode::RenderTargetSampled,
    DiagnosticCode::ReturnInVoidFunction,
    DiagnosticCode::ReturnTypeMismatch,
    DiagnosticCode::SrgbWriteWithoutSrgbFormat,
    DiagnosticCode::SyntaxError,
    DiagnosticCode::UndeclaredIdentifier,
    DiagnosticCode::UndeclaredStructMember,
    DiagnosticCode::UndefinedFunction,
    DiagnosticCode::UniformInitializer,
    DiagnosticCode::UnknownPragma,
    DiagnosticCode::UnreachableCode,
    DiagnosticCode::UnsupportedFeature,
    DiagnosticCode::UnsupportedType,
    DiagnosticCode::UnusedFunction,
    DiagnosticCode::UnusedSampler,
    DiagnosticCode::UnusedTexture,
    DiagnosticCode::UnusedUniform,
    DiagnosticCode::ImageNotLoaded,
];

/// Codes of `FX_CODES` without an FX fixture, each with the reason.
const NO_FX_FIXTURE: &[DiagnosticCode] = &[
    // FX code reports it for texture atomics on a target without them (`--target webgpu`);
    // fixtures load with the engine's target, which has them (tested in `fx_lower.rs`).
    DiagnosticCode::MissingCapability,
];

/// The sources whose `DiagnosticCode::` names make up `FX_CODES`: the FX front end (folder),
/// the preprocessor, the shared half's files FX effects go through, and the lints, which run on
/// every front end's effects.
const FX_SOURCES: &[&str] = &[
    "analysis/src/fx",
    "analysis/src/preprocess",
    "analysis/src/build/builder.rs",
    "analysis/src/build/pass.rs",
    "analysis/src/build/outputs.rs",
    "analysis/src/build/images.rs",
    "analysis/src/lints",
];

/// One language's three fixture files.
struct Trio {
    ok: &'static str,
    err: &'static str,
    expected: &'static str,
    /// Whether `err` must report nothing but the folder's code.
    only_its_code: bool,
}

const WFX: Trio = Trio {
    ok: "ok.wfx",
    err: "err.wfx",
    expected: "expected.json",
    only_its_code: false,
};

const FX: Trio = Trio {
    ok: "ok.fx",
    err: "err.fx",
    expected: "expected.fx.json",
    only_its_code: true,
};

impl Trio {
    /// Whether `folder` holds any file of this trio.
    fn present(&self, folder: &Path) -> bool {
        [self.ok, self.err, self.expected]
            .iter()
            .any(|f| folder.join(f).exists())
    }
}

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

/// Checks one language's trio in a fixture folder; returns what is wrong with it.
fn check_trio(code: DiagnosticCode, folder: &Path, trio: &Trio) -> Vec<String> {
    let mut problems = Vec::new();
    let ok = analysis::load_effect(&folder.join(trio.ok), &options());
    if !ok.diagnostics.is_empty() || ok.effect.is_none() {
        problems.push(format!(
            "{code}/{}: expected a clean load, got:\n{}",
            trio.ok,
            ok.render_diagnostics()
        ));
    }

    let err = analysis::load_effect(&folder.join(trio.err), &options());
    let (found, others): (Vec<_>, Vec<_>) = err
        .diagnostics
        .iter()
        .cloned()
        .partition(|d| d.code == code);
    if found.is_empty() {
        problems.push(format!(
            "{code}/{}: no {code} diagnostic; got:\n{}",
            trio.err,
            err.render_diagnostics()
        ));
    }
    if trio.only_its_code && !others.is_empty() {
        problems.push(format!(
            "{code}/{}: reports other codes too:\n{}",
            trio.err,
            err.render_diagnostics()
        ));
    }
    let mut actual: Value = serde_json::from_str(&analysis::render::json(&err.sources, &found))
        .expect("the JSON renderer writes valid JSON");
    relativize(&mut actual, folder, &repo());
    let expected_path = folder.join(trio.expected);
    if std::env::var("FXBENCH_BLESS").is_ok_and(|v| v == "1") {
        let text = serde_json::to_string_pretty(&actual).expect("a JSON value serializes");
        std::fs::write(&expected_path, text + "\n").expect("the fixture folder is writable");
        return problems;
    }
    match std::fs::read_to_string(&expected_path) {
        Ok(text) => match serde_json::from_str::<Value>(&text) {
            Ok(expected) if expected == actual => {}
            Ok(_) => problems.push(format!(
                "{code}/{} differs from {}'s diagnostics:\n{}",
                trio.expected,
                trio.err,
                serde_json::to_string_pretty(&actual).expect("a JSON value serializes")
            )),
            Err(e) => problems.push(format!("{code}/{}: {e}", trio.expected)),
        },
        Err(e) => problems.push(format!("{code}/{}: {e}", trio.expected)),
    }
    problems
}

/// Checks every trio a fixture folder holds; a folder needs at least one.
fn check_folder(code: DiagnosticCode, folder: &Path) -> Vec<String> {
    let trios: Vec<&Trio> = [&WFX, &FX]
        .into_iter()
        .filter(|t| t.present(folder))
        .collect();
    if trios.is_empty() {
        return vec![format!(
            "{code}: the folder holds neither ok.wfx/err.wfx/expected.json nor ok.fx/err.fx/expected.fx.json"
        )];
    }
    trios
        .into_iter()
        .flat_map(|t| check_trio(code, folder, t))
        .collect()
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

/// Every `DiagnosticCode::Name` written in the file or folder at `path` (recursively).
fn codes_named_in(path: &Path, out: &mut Vec<DiagnosticCode>) {
    if path.is_dir() {
        let mut entries: Vec<_> = std::fs::read_dir(path)
            .expect("a source folder is readable")
            .map(|e| e.expect("readable directory entry").path())
            .collect();
        entries.sort();
        entries.iter().for_each(|p| codes_named_in(p, out));
        return;
    }
    if path.extension().is_none_or(|e| e != "rs") {
        return;
    }
    let text = std::fs::read_to_string(path).expect("a source file is readable");
    for (i, _) in text.match_indices("DiagnosticCode::") {
        let rest = &text[i + "DiagnosticCode::".len()..];
        let name: String = rest
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        if let Some(&code) = DiagnosticCode::ALL.iter().find(|c| c.as_str() == name)
            && !out.contains(&code)
        {
            out.push(code);
        }
    }
}

#[test]
fn fx_codes_are_the_codes_the_fx_sources_name() {
    let mut named = Vec::new();
    for source in FX_SOURCES {
        codes_named_in(&repo().join(source), &mut named);
    }
    let missing: Vec<_> = named.iter().filter(|c| !FX_CODES.contains(c)).collect();
    let stale: Vec<_> = FX_CODES.iter().filter(|c| !named.contains(c)).collect();
    assert!(
        missing.is_empty() && stale.is_empty(),
        "FX sources name codes missing from FX_CODES: {missing:?}; FX_CODES lists codes they never name: {stale:?}"
    );
}

#[test]
fn every_fx_code_has_an_fx_fixture() {
    let root = repo().join("tests/fixtures");
    let mut problems = Vec::new();
    for &code in FX_CODES {
        let folder = root.join(code.as_str());
        let has = ["ok.fx", "err.fx", "expected.fx.json"]
            .iter()
            .all(|f| folder.join(f).is_file());
        match (has, NO_FX_FIXTURE.contains(&code)) {
            (true, true) => problems.push(format!("{code} is allow-listed but has an FX fixture")),
            (false, false) => problems.push(format!(
                "{code} has no ok.fx, err.fx and expected.fx.json in tests/fixtures/{code}"
            )),
            _ => {}
        }
    }
    for code in NO_FX_FIXTURE {
        if !FX_CODES.contains(code) {
            problems.push(format!("{code} is allow-listed but is not an FX code"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
