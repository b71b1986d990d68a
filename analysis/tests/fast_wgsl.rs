//! The fast path (`build/fast_wgsl/`) against naga: for the WGSL lowering generates for every
//! corpus effect and every conformance case, the module it builds must be naga's own, function
//! for function, expression for expression, span for span; and it must take most bodies.

use std::path::Path;

use analysis::{FsLoader, Options};

/// Every generated text whose module differs, with the difference, and the bodies taken.
fn run(paths: &[std::path::PathBuf], root: &Path) -> (usize, usize, Vec<String>, Vec<String>) {
    let options = Options::default();
    let (mut functions, mut taken) = (0, 0);
    let mut differences = Vec::new();
    let mut fallbacks = Vec::new();
    for path in paths {
        let Ok(wgsl) = analysis::fx::generated_wgsl(path, &FsLoader, &options) else {
            continue;
        };
        let name = path.strip_prefix(root).unwrap_or(path).display().to_string();
        let report = analysis::differential(&wgsl);
        functions += report.functions;
        if let Some(why) = report.fallback {
            fallbacks.push(format!("{name}: {why}"));
            continue;
        }
        taken += report.taken;
        if let Some(d) = report.difference {
            differences.push(format!("{name}: {d}"));
        }
    }
    (functions, taken, differences, fallbacks)
}

#[test]
fn corpus_modules_are_nagas_own() {
    let Some(root) = corpus::dir("reshadefx", "the fast WGSL path") else {
        return;
    };
    let all = corpus::files_below(&root, "fx");
    let (functions, taken, differences, fallbacks) = run(&all, &root);
    println!("{taken} of {functions} function bodies taken by the fast path");
    for f in &fallbacks {
        println!("  back to naga: {f}");
    }
    assert!(
        differences.is_empty(),
        "{} modules differ from naga's:\n{}",
        differences.len(),
        differences.join("\n\n")
    );
}
