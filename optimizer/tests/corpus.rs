//! Every module of the shared corpus goes through every pass: outputs validate wherever the
//! inputs did, unreadable inputs are rejected with an error, and the totals shrink.

mod common;

use common::{corpus_files, read_words, spirv_val_enabled};
use optimizer::spirv_val::{self, Verdict};
use optimizer::{Error, Options};
use std::thread;

/// Modules whose capabilities are newer than rspirv's loader (see the corpus README).
const TOO_NEW: [&str; 2] = [
    "descriptorheapuntyped__cube.frag.spv",
    "descriptorheapuntyped__cube.vert.spv",
];

struct Outcome {
    name: String,
    before: usize,
    after: usize,
    problem: Option<String>,
}

fn check(path: &std::path::Path, validate: bool) -> Outcome {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let words = read_words(path);
    let mut outcome = Outcome {
        name: name.clone(),
        before: 0,
        after: 0,
        problem: None,
    };
    match optimizer::optimize(&words, &Options::default()) {
        Err(Error::Parse { message, .. }) if TOO_NEW.contains(&name.as_str()) => {
            assert!(!message.is_empty());
        }
        Err(e) => outcome.problem = Some(format!("rejected: {e}")),
        Ok(_) if TOO_NEW.contains(&name.as_str()) => {
            // A newer parser may read these; then they are simply optimised (spirv-val 2023.1
            // cannot check them either way).
        }
        Ok((out, report)) => {
            outcome.before = report.instructions_before;
            outcome.after = report.instructions_after;
            if report.instructions_after > report.instructions_before {
                outcome.problem = Some(format!(
                    "grew from {} to {} instructions",
                    report.instructions_before, report.instructions_after
                ));
            }
            if validate {
                let env = spirv_val::valid_env(&words).expect("spirv-val runs");
                if let Some(env) = env
                    && let Verdict::Invalid(message) =
                        spirv_val::validate(&out, env).expect("spirv-val runs")
                {
                    outcome.problem = Some(format!("output invalid under {env}: {message}"));
                }
            }
        }
    }
    outcome
}

/// Runs [`check`] over a directory on two threads (the machines running this have two cores).
fn check_all(subdir: &str) -> Option<Vec<Outcome>> {
    let validate = spirv_val_enabled();
    let files = corpus_files(subdir)?;
    let (left, right) = files.split_at(files.len() / 2);
    thread::scope(|scope| {
        let handle = scope.spawn(|| left.iter().map(|p| check(p, validate)).collect::<Vec<_>>());
        let mut outcomes: Vec<Outcome> = right.iter().map(|p| check(p, validate)).collect();
        let mut first = handle.join().expect("worker thread");
        first.append(&mut outcomes);
        Some(first)
    })
}

fn report(subdir: &str, outcomes: &[Outcome]) -> (usize, usize) {
    let problems: Vec<String> = outcomes
        .iter()
        .filter_map(|o| {
            o.problem
                .as_ref()
                .map(|p| format!("{subdir}/{}: {p}", o.name))
        })
        .collect();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    let before = outcomes.iter().map(|o| o.before).sum();
    let after = outcomes.iter().map(|o| o.after).sum();
    eprintln!(
        "{subdir}: {} modules, {before} -> {after} instructions",
        outcomes.len()
    );
    (before, after)
}

#[test]
fn rust_gpu_corpus_optimises_to_valid_smaller_modules() {
    let Some(outcomes) = check_all("rust-gpu") else {
        return;
    };
    assert!(outcomes.len() >= 11);
    let (before, after) = report("rust-gpu", &outcomes);
    // rust-gpu scalarises vector maths; the passes must win back a real share of it.
    assert!(
        after * 100 <= before * 95,
        "only {before} -> {after} instructions"
    );
}

#[test]
fn glslang_corpus_optimises_to_valid_modules() {
    let Some(outcomes) = check_all("glslang") else {
        return;
    };
    assert_eq!(outcomes.len(), 348);
    let (before, after) = report("glslang", &outcomes);
    assert!(after < before);
}

/// Optimising an optimised module changes nothing more.
#[test]
fn optimisation_is_idempotent_on_rust_gpu() {
    let Some(files) = corpus_files("rust-gpu") else {
        return;
    };
    for path in files {
        let words = read_words(&path);
        let (once, _) = common::optimize(&words);
        let (twice, report) = common::optimize(&once);
        assert_eq!(
            report.instructions_before,
            report.instructions_after,
            "{} shrank again",
            path.display()
        );
        assert_eq!(once.len(), twice.len(), "{}", path.display());
    }
}

/// The validation above means something: spirv-val, when present, rejects a broken module.
#[test]
fn spirv_val_rejects_a_broken_module() {
    if !spirv_val_enabled() {
        return;
    }
    let mut words = optimizer::testgen::compute_shader(1);
    // Drop the entry point's execution mode: a GLCompute entry point then lacks LocalSize.
    let module = common::load(&words);
    assert!(!module.execution_modes.is_empty());
    words.truncate(5);
    words.extend([0x0002_0011, 1]); // OpCapability Shader only: no memory model.
    assert!(matches!(
        spirv_val::validate(&words, "vulkan1.3").expect("spirv-val runs"),
        Verdict::Invalid(_)
    ));
}
