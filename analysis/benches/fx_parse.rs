//! The ReShade FX front end on real effects: the whole corpus (read, preprocessed, parsed and
//! checked), and its largest effect, FXShaders' NeoBloom.fx, stage by stage. Skips, with one
//! line, when the corpus is absent.

use std::path::PathBuf;

use analysis::fx::{self, FxFileLoader};
use analysis::{FileLoader, Options};
use criterion::{Criterion, criterion_group, criterion_main};

/// Every corpus effect with the options its collection needs.
fn corpus_effects() -> Vec<(PathBuf, Options)> {
    let Some(root) = corpus::dir("reshadefx", "the ReShade FX benchmarks") else {
        return Vec::new();
    };
    let mut effects = Vec::new();
    for collection in ["prod80", "FXShaders", "reshade-shaders"] {
        let shaders = root.join(collection).join("Shaders");
        for path in corpus::files(&shaders, "fx") {
            let options = Options {
                include_dirs: fx::collection_include_dirs(&shaders),
                ..Options::default()
            };
            effects.push((path, options));
        }
    }
    effects
}

fn bench(c: &mut Criterion) {
    let effects = corpus_effects();
    let Some((neo_path, neo_options)) = effects.iter().find(|(p, _)| p.ends_with("NeoBloom.fx"))
    else {
        return;
    };
    let mut group = c.benchmark_group("fx");
    group.sample_size(20);
    group.bench_function("corpus_66_effects", |b| {
        b.iter(|| {
            for (path, options) in &effects {
                std::hint::black_box(fx::parse_effect(path, &FxFileLoader, options));
            }
        })
    });
    let source = FxFileLoader.read(neo_path).expect("NeoBloom.fx readable");
    let out = fx::parse_effect_source(neo_path, source.clone(), &FxFileLoader, neo_options);
    assert_eq!(out.render_diagnostics(), "");
    let text = out.preprocessed.text.clone();
    group.bench_function("neobloom_all_stages", |b| {
        b.iter(|| fx::parse_effect_source(neo_path, source.clone(), &FxFileLoader, neo_options))
    });
    group.bench_function("neobloom_parse", |b| b.iter(|| fx::parser::parse(&text)));
    group.bench_function("neobloom_check", |b| {
        b.iter(|| fx::check::check(&out.module))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
