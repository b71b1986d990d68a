//! The lints on the corpus of real ReShade effects: every warning a lint gives on one of them is
//! listed in `fx_corpus_lints.txt` (`collection/path:line:column: Code: message`), each a true
//! finding checked by hand (a uniform, texture, sampler or function of the effect's own file
//! that no pass uses, a render target no pass reads, a statement after `return`). A new warning,
//! or one that goes away, fails the test: a lint that starts to misfire on ReShade's idioms shows
//! here. Run with `FXBENCH_BLESS=1` to rewrite the list after an intended change, then read the
//! diff.

use std::path::{Path, PathBuf};

use analysis::{DiagnosticCode, Options, fx};

/// The codes the lints report (`analysis/src/lints/`).
const LINT_CODES: [DiagnosticCode; 6] = [
    DiagnosticCode::UnusedUniform,
    DiagnosticCode::UnusedTexture,
    DiagnosticCode::UnusedSampler,
    DiagnosticCode::UnusedFunction,
    DiagnosticCode::RenderTargetNeverRead,
    DiagnosticCode::UnreachableCode,
];

/// Every `.fx` file under `dir`, sorted.
fn effects(dir: &Path) -> Vec<PathBuf> {
    let mut out = corpus::files(dir, "fx");
    let mut folders: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("a corpus folder is readable")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_dir())
        .collect();
    folders.sort();
    for folder in folders {
        out.extend(effects(&folder));
    }
    out
}

/// The lint warnings on every effect of every collection, one line each, with paths relative to
/// the corpus's `reshadefx/` folder. Includes resolve as ReShade's do: beside the including
/// file, then in the collection's shader folder and every folder below it.
fn lint_warnings(root: &Path) -> Vec<String> {
    let mut collections: Vec<PathBuf> = std::fs::read_dir(root)
        .expect("the corpus folder is readable")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_dir())
        .collect();
    collections.sort();
    let mut lines = Vec::new();
    for collection in collections {
        let shaders = fx::find_ignoring_case(&collection.join("Shaders"))
            .expect("every collection has a shader folder");
        let options = Options {
            include_dirs: fx::collection_include_dirs(&shaders),
            ..Options::default()
        };
        for effect in effects(&shaders) {
            let out = analysis::load_effect(&effect, &options);
            for d in out
                .diagnostics
                .iter()
                .filter(|d| LINT_CODES.contains(&d.code))
            {
                let span = d.span.expect("every lint warning is located");
                let location = out.sources.location(span);
                let path = location.path.strip_prefix(root).unwrap_or(location.path);
                lines.push(format!(
                    "{}:{}:{}: {}: {}",
                    path.display(),
                    location.start.line,
                    location.start.column,
                    d.code,
                    d.message
                ));
            }
        }
    }
    lines
}

#[test]
fn every_lint_warning_on_the_corpus_is_a_listed_finding() {
    let Some(root) = corpus::dir("reshadefx", "lints on the ReShade FX corpus") else {
        return;
    };
    let found = lint_warnings(&root);
    let listed_path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fx_corpus_lints.txt");
    if std::env::var("FXBENCH_BLESS").is_ok_and(|v| v == "1") {
        let mut text = found.join("\n");
        text.push('\n');
        std::fs::write(&listed_path, text).expect("the tests folder is writable");
        return;
    }
    let listed_text = std::fs::read_to_string(&listed_path).expect("fx_corpus_lints.txt exists");
    let listed: Vec<&str> = listed_text.lines().filter(|l| !l.is_empty()).collect();
    let new: Vec<&String> = found
        .iter()
        .filter(|l| !listed.contains(&l.as_str()))
        .collect();
    let gone: Vec<&&str> = listed
        .iter()
        .filter(|l| !found.iter().any(|f| f == *l))
        .collect();
    assert!(
        new.is_empty() && gone.is_empty(),
        "lint warnings on the corpus changed\nnew:\n{}\ngone:\n{}",
        new.iter()
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join("\n"),
        gone.iter().map(|s| **s).collect::<Vec<_>>().join("\n"),
    );
    assert_eq!(found.len(), listed.len(), "a warning is listed twice");
}
