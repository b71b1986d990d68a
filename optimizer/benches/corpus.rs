//! Benchmarks: optimising the whole rust-gpu and glslang corpora, the corpus's largest rust-gpu
//! module alone (target: at least 3x faster than the original tool's 25 ms, so under ~8 ms), and
//! the scaling of one generated shader at 1x and 10x its size (target: 10x the size in at most
//! 12x the time).

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use optimizer::{Options, optimize, testgen, words_from_bytes};
use std::hint::black_box;

/// The corpus modules the optimiser accepts; empty (after one printed line) without the corpus.
fn corpus(subdir: &str) -> Vec<Vec<u32>> {
    let Some(root) = corpus::dir("spirv", "the corpus benchmarks") else {
        return Vec::new();
    };
    corpus::files(&root.join(subdir), "spv")
        .iter()
        .filter_map(|p| words_from_bytes(&std::fs::read(p).ok()?).ok())
        // Modules the parser rejects are not part of the timing.
        .filter(|w| optimize(w, &Options::default()).is_ok())
        .collect()
}

fn corpora(c: &mut Criterion) {
    let options = Options::default();
    let mut group = c.benchmark_group("corpus");
    group.sample_size(10);
    for subdir in ["rust-gpu", "glslang"] {
        let modules = corpus(subdir);
        let words: usize = modules.iter().map(Vec::len).sum();
        group.throughput(Throughput::Bytes(4 * words as u64));
        group.bench_function(subdir, |b| {
            b.iter(|| {
                for module in &modules {
                    black_box(optimize(black_box(module), &options).expect("optimises"));
                }
            })
        });
    }
    group.finish();
}

/// The largest rust-gpu module (`kajiya_ssgissgi_cs.spv`, 40956 bytes in the current corpus),
/// alone: the figure to compare with the original tool's 25 ms on it.
fn largest_module(c: &mut Criterion) {
    let Some(root) = corpus::dir("spirv", "the largest-module benchmark") else {
        return;
    };
    let largest = corpus::files(&root.join("rust-gpu"), "spv")
        .into_iter()
        .filter_map(|p| Some((std::fs::metadata(&p).ok()?.len(), p)))
        .max();
    let Some((bytes, path)) = largest else {
        return;
    };
    let words = words_from_bytes(&std::fs::read(&path).expect("corpus file readable"))
        .expect("corpus files are whole words");
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let options = Options::default();
    let mut group = c.benchmark_group("largest-rust-gpu");
    group.throughput(Throughput::Bytes(bytes));
    group.bench_function(name, |b| {
        b.iter(|| black_box(optimize(black_box(&words), &options).expect("optimises")))
    });
    group.finish();
}

fn scaling(c: &mut Criterion) {
    let options = Options::default();
    let mut group = c.benchmark_group("scaling");
    for steps in [40, 400] {
        let words = testgen::compute_shader_sized(1, steps);
        group.throughput(Throughput::Bytes(4 * words.len() as u64));
        group.bench_with_input(BenchmarkId::from_parameter(steps), &words, |b, words| {
            b.iter(|| black_box(optimize(black_box(words), &options).expect("optimises")))
        });
    }
    group.finish();
}

criterion_group!(benches, corpora, largest_module, scaling);
criterion_main!(benches);
