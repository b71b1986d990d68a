//! Release-mode figures for the ReShade FX front end: the time to preprocess, parse and check
//! the whole corpus and its largest effect (FXShaders' NeoBloom.fx), then a mutation run (a
//! million mutants by default) that must never panic and must keep every error inside its text.
//!
//! `cargo run --release -p fxbench-analysis --example fx_stress -- [mutants]`
//!
//! Most mutants are single declarations cut from the preprocessed corpus (so a million fit in
//! a couple of minutes), mutated, parsed and checked; every 256th is a whole effect, mutated and
//! run through the preprocessor too.

#[path = "../tests/support/fx_mutator.rs"]
mod fx_mutator;

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use analysis::fx::ast::{Item, TextRange};
use analysis::fx::{self, FxFileLoader};
use analysis::{FileLoader, Options};
use fx_mutator::{KINDS, Rng, mutate, token_ranges};

struct Effect {
    path: PathBuf,
    options: Options,
    source: String,
}

fn corpus_effects() -> Option<Vec<Effect>> {
    let root = corpus::dir("reshadefx", "fx_stress")?;
    let mut effects = Vec::new();
    for collection in ["prod80", "FXShaders", "reshade-shaders"] {
        let shaders = root.join(collection).join("Shaders");
        for path in corpus::files(&shaders, "fx") {
            let options = Options {
                include_dirs: fx::collection_include_dirs(&shaders),
                ..Options::default()
            };
            let source = FxFileLoader.read(&path).ok()?;
            effects.push(Effect {
                path,
                options,
                source,
            });
        }
    }
    Some(effects)
}

/// The fastest of `runs` timings of `f`: the least disturbed by the other users of the machine.
fn fastest(runs: usize, mut f: impl FnMut()) -> Duration {
    (0..runs)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed()
        })
        .min()
        .unwrap_or_default()
}

/// The text of every declaration (inside namespaces too) of a parsed effect.
fn declaration_texts(text: &str, items: &[Item], out: &mut Vec<String>) {
    for item in items {
        let range: TextRange = match item {
            Item::Namespace(n) => {
                declaration_texts(text, &n.items, out);
                continue;
            }
            Item::Struct(s) => s.range,
            Item::Function(f) => f.range,
            Item::Variables(v) => v.range,
            Item::Technique(t) => t.range,
            Item::Error(r, _) => *r,
        };
        if let Some(piece) = text.get(range.start as usize..range.end as usize) {
            out.push(piece.to_string());
        }
    }
}

fn main() -> ExitCode {
    let mutants: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1_000_000);
    let Some(effects) = corpus_effects() else {
        return ExitCode::SUCCESS;
    };
    let parse =
        |e: &Effect| fx::parse_effect_source(&e.path, e.source.clone(), &FxFileLoader, &e.options);
    let mut errors = 0;
    let mut pieces = Vec::new();
    for effect in &effects {
        let out = parse(effect);
        errors += out.error_count();
        declaration_texts(&out.preprocessed.text, &out.module.items, &mut pieces);
    }
    let corpus_time = fastest(5, || {
        for effect in &effects {
            std::hint::black_box(parse(effect));
        }
    });
    println!(
        "corpus: {} effects preprocessed, parsed and checked in {:.1} ms ({errors} errors)",
        effects.len(),
        corpus_time.as_secs_f64() * 1e3
    );
    if let Some(neo) = effects.iter().find(|e| e.path.ends_with("NeoBloom.fx")) {
        let out = parse(neo);
        let text = out.preprocessed.text.clone();
        let whole = fastest(50, || drop(std::hint::black_box(parse(neo))));
        let parse_only = fastest(50, || drop(std::hint::black_box(fx::parser::parse(&text))));
        let check_only = fastest(50, || {
            drop(std::hint::black_box(fx::check::check(&out.module)))
        });
        println!(
            "NeoBloom.fx: {:.3} ms in all, {:.3} ms to parse, {:.3} ms to check ({} bytes \
             preprocessed)",
            whole.as_secs_f64() * 1e3,
            parse_only.as_secs_f64() * 1e3,
            check_only.as_secs_f64() * 1e3,
            text.len()
        );
    }
    run_mutants(&effects, &pieces, mutants)
}

fn run_mutants(effects: &[Effect], pieces: &[String], mutants: usize) -> ExitCode {
    let piece_tokens: Vec<_> = pieces.iter().map(|p| token_ranges(p.as_bytes())).collect();
    let effect_tokens: Vec<_> = effects
        .iter()
        .map(|e| token_ranges(e.source.as_bytes()))
        .collect();
    let mut rng = Rng(0xC0FF_EE15_600D_F00D);
    let (mut with_errors, mut whole_effects) = (0usize, 0usize);
    let start = Instant::now();
    for n in 0..mutants {
        let kind = KINDS[n % KINDS.len()];
        if n % 256 == 255 {
            let i = rng.below(effects.len());
            let e = &effects[i];
            let bytes = mutate(e.source.as_bytes(), &effect_tokens[i], kind, &mut rng);
            let out = fx::parse_effect_source(
                &e.path,
                fx::decode_source(&bytes),
                &FxFileLoader,
                &e.options,
            );
            whole_effects += 1;
            with_errors += usize::from(out.error_count() > 0);
            continue;
        }
        let i = rng.below(pieces.len());
        let text = fx::decode_source(&mutate(
            pieces[i].as_bytes(),
            &piece_tokens[i],
            kind,
            &mut rng,
        ));
        let parsed = fx::parser::parse(&text);
        // The checker runs on the partial tree too: a declaration alone names undeclared things.
        let findings = fx::check::check(&parsed.module);
        with_errors += usize::from(!parsed.errors.is_empty() || !findings.is_empty());
        let outside = parsed.errors.iter().find(|e| {
            let (s, t) = (e.range.start as usize, e.range.end as usize);
            s > t || t > text.len() || !text.is_char_boundary(s) || !text.is_char_boundary(t)
        });
        if let Some(error) = outside {
            eprintln!("mutant {n} ({kind:?}): error outside its text: {error:?}\n{text}");
            return ExitCode::FAILURE;
        }
    }
    let elapsed = start.elapsed().as_secs_f64();
    println!(
        "mutants: {mutants} ({whole_effects} whole effects, the rest of {} declarations) in \
         {elapsed:.1} s = {:.0} per second; {with_errors} with errors, no panic",
        pieces.len(),
        mutants as f64 / elapsed.max(1e-9)
    );
    ExitCode::SUCCESS
}
