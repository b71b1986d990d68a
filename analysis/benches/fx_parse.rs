//! The ReShade FX front end on real effects: the whole corpus (read, preprocessed, parsed and
//! checked), FXShaders' NeoBloom.fx stage by stage, and the whole `fxbench check` path of the
//! corpus's largest effect, Glamayre_Fast_Effects.fx (`check/glamayre_fast_effects`). Skips,
//! with one line, when the corpus is absent.

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
    assert_eq!(analysis::render::short(&out.sources, &out.diagnostics), "");
    let text = out.preprocessed.text.clone();
    group.bench_function("neobloom_all_stages", |b| {
        b.iter(|| fx::parse_effect_source(neo_path, source.clone(), &FxFileLoader, neo_options))
    });
    group.bench_function("neobloom_parse", |b| b.iter(|| fx::parser::parse(&text)));
    group.bench_function("neobloom_check", |b| {
        b.iter(|| fx::check::check(&out.module))
    });
    // The FX front end up to WGSL text (preprocess, parse, check, lower) against what naga
    // then spends on that text (parse and validate): the bar is at most 1.5x.
    group.bench_function("neobloom_front_end_to_wgsl", |b| {
        b.iter(|| fx::generated_wgsl(neo_path, &FxFileLoader, neo_options).expect("lowers"))
    });
    let wgsl = fx::generated_wgsl(neo_path, &FxFileLoader, neo_options).expect("lowers");
    group.bench_function("neobloom_naga_parse_validate", |b| {
        b.iter(|| {
            let module = naga::front::wgsl::parse_str(&wgsl).expect("naga parses it");
            naga::valid::Validator::new(
                naga::valid::ValidationFlags::all(),
                naga::valid::Capabilities::default(),
            )
            .validate(&module)
            .expect("naga validates it")
        })
    });
    // The same text to naga's IR by fxbench's own reader of function bodies (`fast_wgsl/`),
    // naga parsing the rest, then validated: what `fxbench check` does instead of the above.
    group.bench_function("neobloom_fast_wgsl_validate", |b| {
        b.iter(|| {
            let module = analysis::fast_wgsl_module(&wgsl).expect("the fast path takes it");
            naga::valid::Validator::new(
                naga::valid::ValidationFlags::all(),
                naga::valid::Capabilities::default(),
            )
            .validate(&module)
            .expect("naga validates it")
        })
    });
    // Everything `fxbench check` does on one effect: front end, naga, passes and lints.
    group.bench_function("neobloom_load_effect", |b| {
        b.iter(|| analysis::load_effect_with(neo_path, &FxFileLoader, neo_options))
    });
    group.finish();
    check_largest(c);
}

/// What `fxbench check -I <collection>/Shaders` does in process on the corpus's largest effect,
/// Glamarye's Glamayre_Fast_Effects.fx (108 KB): read it, then the whole front end (preprocess,
/// parse, check, lower, naga's parse and validation, passes, lints) with the collection's
/// include and texture folders. Issue #22's bar is on the whole process
/// (`scripts/check_vs_fxc.py`); this keeps the in-process part in `cargo bench`.
fn check_largest(c: &mut Criterion) {
    let Some(root) = corpus::dir("reshadefx", "the ReShade FX benchmarks") else {
        return;
    };
    let shaders = root.join("Glamarye/Shaders");
    let path = shaders.join("Glamayre_Fast_Effects.fx");
    let options = Options {
        include_dirs: fx::collection_include_dirs(&shaders),
        texture_dirs: fx::textures_beside_shaders(&shaders),
        ..Options::default()
    };
    let checked = analysis::compile(&path, read(&path), &FxFileLoader, &options);
    assert!(
        checked.effect.is_some(),
        "Glamayre_Fast_Effects.fx checks clean"
    );
    let mut group = c.benchmark_group("check");
    group.sample_size(20);
    group.bench_function("glamayre_fast_effects", |b| {
        b.iter(|| analysis::compile(&path, read(&path), &FxFileLoader, &options))
    });
    group.finish();
}

fn read(path: &std::path::Path) -> String {
    FxFileLoader
        .read(path)
        .expect("the corpus effect is readable")
}

criterion_group!(benches, bench);
criterion_main!(benches);
