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
        let name = path
            .strip_prefix(root)
            .unwrap_or(path)
            .display()
            .to_string();
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

/// Not a check: what the fast path declines most over the corpus, to see where it grows next
/// (`cargo test -p fxbench-analysis --test fast_wgsl -- --ignored --nocapture`).
#[test]
#[ignore]
fn what_the_fast_path_declines() {
    let Some(root) = corpus::dir("reshadefx", "the fast WGSL path") else {
        return;
    };
    let mut counts = std::collections::BTreeMap::<String, usize>::new();
    for path in corpus::files_below(&root, "fx") {
        let Ok(wgsl) = analysis::fx::generated_wgsl(&path, &FsLoader, &Options::default()) else {
            continue;
        };
        for d in analysis::differential(&wgsl).declined {
            let key: String = d
                .split(|c: char| !c.is_alphanumeric() && c != '_')
                .next()
                .unwrap_or("")
                .to_string();
            *counts
                .entry(if key.is_empty() {
                    d.chars().take(3).collect()
                } else {
                    key
                })
                .or_default() += 1;
        }
    }
    let mut sorted: Vec<_> = counts.into_iter().collect();
    sorted.sort_by_key(|b| std::cmp::Reverse(b.1));
    for (what, n) in sorted.iter().take(40) {
        println!("{n:5} {what}");
    }
}

/// The conformance cases and the repository's FX effects and fixtures: small programs that
/// reach the corners of lowering (every statement form, conversion, intrinsic).
#[test]
fn conformance_and_repository_modules_are_nagas_own() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut paths = Vec::new();
    for dir in [
        "analysis/tests/conformance",
        "analysis/tests/constructs",
        "tests/fixtures",
        "assets",
    ] {
        collect(&repo.join(dir), &mut paths);
    }
    assert!(paths.len() > 1500, "{} FX files found", paths.len());
    let (functions, taken, differences, fallbacks) = run(&paths, &repo);
    println!("{taken} of {functions} function bodies taken by the fast path");
    for f in fallbacks
        .iter()
        .filter(|f| !f.contains("naga rejects the text"))
    {
        println!("  back to naga: {f}");
    }
    assert!(
        differences.is_empty(),
        "{} modules differ from naga's:\n{}",
        differences.len(),
        differences.join("\n\n")
    );
}

fn collect(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = entries.flatten().map(|e| e.path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            collect(&path, out);
        } else if path.extension().is_some_and(|e| e == "fx") {
            out.push(path);
        }
    }
}

/// Not a check of its own: the fast path against naga on every `.fx` file of the folder
/// `FXBENCH_FAST_WGSL_DIR` names (programs from `examples/fx_diff_fuzz.rs --dump DIR`).
#[test]
#[ignore]
fn programs_in_a_folder_are_nagas_own() {
    let Some(dir) = std::env::var_os("FXBENCH_FAST_WGSL_DIR") else {
        println!("FXBENCH_FAST_WGSL_DIR is not set");
        return;
    };
    let dir = std::path::PathBuf::from(dir);
    let mut paths = Vec::new();
    collect(&dir, &mut paths);
    let (functions, taken, differences, fallbacks) = run(&paths, &dir);
    println!(
        "{} programs: {taken} of {functions} function bodies taken",
        paths.len()
    );
    println!("{} given back to naga", fallbacks.len());
    for f in fallbacks.iter().take(20) {
        println!("  back to naga: {f}");
    }
    assert!(
        differences.is_empty(),
        "{} modules differ from naga's:\n{}",
        differences.len(),
        differences.join("\n\n")
    );
}
