//! Bad ReShade FX never panics or overflows the stack: every corpus effect, mutated (truncations,
//! token deletions, swaps and insertions, 10k-level nesting, huge literals, invalid UTF-8), goes
//! through preprocessing and parsing; every diagnostic lies inside a file it names, the same text
//! gives the same diagnostics, and nesting past the limit is always an error.
//! `cargo run --release --example fx_stress` runs a million mutants and reports the rate.

#[path = "support/fx_mutator.rs"]
mod fx_mutator;

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use analysis::fx::{self, FxParse};
use analysis::{FileLoader, MemoryLoader, Options};
use fx_mutator::{KINDS, Kind, Rng, mutate, token_ranges};

/// Mutants of each corpus effect.
const PER_EFFECT: usize = 48;

/// Every `.fx`/`.fxh` below `dir`, read into memory by path.
fn read_tree(dir: &Path, files: &mut HashMap<PathBuf, String>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for path in entries.filter_map(|e| e.ok().map(|e| e.path())) {
        if path.is_dir() {
            read_tree(&path, files);
        } else if path.extension().is_some_and(|e| e == "fx" || e == "fxh") {
            let text = fx::FxFileLoader.read(&path).expect("corpus file readable");
            files.insert(path, text);
        }
    }
}

/// Checks one mutant's output: every span inside its file, on character boundaries.
fn check_spans(out: &FxParse, what: &str) {
    for d in &out.diagnostics {
        let Some(span) = d.span else {
            continue;
        };
        let file = out.sources.get(span.file);
        let (start, end) = (span.start as usize, span.end as usize);
        assert!(start <= end && end <= file.text.len(), "{what}: {d:?}");
        assert!(
            file.text.is_char_boundary(start) && file.text.is_char_boundary(end),
            "{what}: {d:?}"
        );
        assert!(out.sources.location(span).to_string().contains(':'));
    }
}

#[test]
fn mutated_corpus_effects_get_located_diagnostics_never_panics() {
    let Some(root) = corpus::dir("reshadefx", "ReShade FX mutations") else {
        return;
    };
    let mut files = HashMap::new();
    read_tree(&root, &mut files);
    read_tree(&Options::default().builtin_include_dir, &mut files);
    let loader = MemoryLoader(files.clone());
    let mut effects: Vec<&PathBuf> = files
        .keys()
        .filter(|p| p.extension().is_some_and(|e| e == "fx"))
        .collect();
    effects.sort();
    assert_eq!(effects.len(), 66);
    let mut rng = Rng(0x5EED_F00D_CAFE_BABE);
    let (mut total, mut with_errors) = (0, 0);
    let mut lowered_total = 0;
    let (mut deep_errors, mut deep_reached) = (0, 0);
    let mut by_kind = [(0usize, 0usize); KINDS.len()];
    for path in effects {
        let shaders = path
            .ancestors()
            .find(|a| a.ends_with("Shaders"))
            .unwrap_or(path);
        let options = Options {
            include_dirs: fx::collection_include_dirs(shaders),
            ..Options::default()
        };
        let source = files[path].as_bytes();
        let tokens = token_ranges(source);
        for round in 0..PER_EFFECT {
            let kind = KINDS[round % KINDS.len()];
            let mutant = fx::decode_source(&mutate(source, &tokens, kind, &mut rng));
            let what = format!("{kind:?} mutant {round} of {}", path.display());
            let out = fx::parse_effect_source(path, mutant.clone(), &loader, &options);
            check_spans(&out, &what);
            total += 1;
            let errors = out.error_count();
            with_errors += usize::from(errors > 0);
            by_kind[round % KINDS.len()].0 += usize::from(errors > 0);
            by_kind[round % KINDS.len()].1 += 1;
            if kind == Kind::DeepNesting {
                // Where the 10k-long run reaches the parser (not dropped by an inactive `#if` or
                // an unused macro), it is past the limit or otherwise an error.
                let reached = ["(", "{", "[", "-", "a."]
                    .iter()
                    .any(|open| out.preprocessed.text.contains(&open.repeat(1000)));
                assert!(!reached || errors > 0, "{what}: no error");
                deep_reached += usize::from(reached);
                let deep = out
                    .diagnostics
                    .iter()
                    .any(|d| d.message.contains("deeper than"));
                deep_errors += usize::from(deep);
            }
            if errors == 0 {
                // Clean mutants go on through lowering and naga: no panic, every error located.
                let lowered = analysis::compile(path, mutant.clone(), &loader, &options);
                lowered_total += 1;
                for d in lowered.diagnostics.iter().filter(|d| d.is_error()) {
                    assert!(d.span.is_some(), "{what}: unlocated lowering error {d:?}");
                }
            }
            if round % 8 == 1 {
                let again = fx::parse_effect_source(path, mutant, &loader, &options);
                assert_eq!(
                    again.diagnostics, out.diagnostics,
                    "{what}: not deterministic"
                );
            }
        }
    }
    assert_eq!(total, 66 * PER_EFFECT);
    println!("{lowered_total} clean mutants lowered");
    println!(
        "{with_errors} of {total} mutants have errors; {deep_reached} deep runs reached the \
         parser, {deep_errors} of them past the nesting limit"
    );
    // Each kind of mutation must reach errors most of the time, or it tests little.
    for (kind, (errors, count)) in KINDS.iter().zip(by_kind) {
        assert!(
            errors * 10 > count * 6,
            "{kind:?}: {errors} of {count} with errors"
        );
    }
    let deep_total = 66 * PER_EFFECT / KINDS.len();
    assert!(
        deep_reached * 10 > deep_total * 8,
        "{deep_reached} of {deep_total}"
    );
    assert!(deep_errors > 0);
}
