//! The ReShade FX front end, stage 1 (preprocess and parse), on the corpus of real effects and on
//! broken snippets: exact counts, codes and locations.

use std::path::{Path, PathBuf};
use std::time::Instant;

use analysis::fx::{self, FxFileLoader, FxParse};
use analysis::{DiagnosticCode, Options};

/// The effect collections of the corpus: each has a `Shaders/` folder.
const COLLECTIONS: [&str; 3] = ["prod80", "FXShaders", "reshade-shaders"];

fn parse_corpus_effect(shaders: &Path, effect: &Path) -> FxParse {
    let options = Options {
        include_dirs: fx::collection_include_dirs(shaders),
        ..Options::default()
    };
    fx::parse_effect(effect, &FxFileLoader, &options)
}

/// Every `.fx` effect of the corpus with its collection's `Shaders/` folder.
fn corpus_effects() -> Option<Vec<(PathBuf, PathBuf)>> {
    let root = corpus::dir("reshadefx", "ReShade FX corpus parse")?;
    let mut effects = Vec::new();
    for collection in COLLECTIONS {
        let shaders = root.join(collection).join("Shaders");
        for effect in corpus::files(&shaders, "fx") {
            effects.push((shaders.clone(), effect));
        }
    }
    Some(effects)
}

#[test]
fn every_corpus_effect_parses_without_errors_except_pong_missing_its_header() {
    let Some(effects) = corpus_effects() else {
        return;
    };
    assert_eq!(effects.len(), 66, "the corpus README counts 66 effects");
    let started = Instant::now();
    let mut failures = Vec::new();
    let mut items = 0;
    for (shaders, effect) in &effects {
        let out = parse_corpus_effect(shaders, effect);
        items += out.module.items.len();
        let errors: Vec<_> = out.diagnostics.iter().filter(|d| d.is_error()).collect();
        let name = effect.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if name == "Pong.fx" {
            let [error] = errors.as_slice() else {
                failures.push(format!(
                    "Pong.fx: {} errors\n{}",
                    errors.len(),
                    out.render_diagnostics()
                ));
                continue;
            };
            assert_eq!(error.code, DiagnosticCode::IncludeError);
            assert!(
                error
                    .message
                    .starts_with("'DrawText.fxh' : cannot open include file")
            );
            let span = error.span.expect("located");
            let location = out.sources.location(span);
            assert_eq!(location.path, effect.as_path());
            assert_eq!((location.start.line, location.start.column), (5, 1));
            continue;
        }
        if !errors.is_empty() {
            failures.push(format!(
                "{}:\n{}",
                effect.display(),
                out.render_diagnostics()
            ));
        }
    }
    println!(
        "{} effects, {items} top-level items, parsed in {:?}",
        effects.len(),
        started.elapsed()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert!(items > 66 * 5, "items: {items}");
}
