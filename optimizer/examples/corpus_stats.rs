//! Prints, for every module of the shared test corpus, the optimisation time and instruction
//! reduction, then totals per corpus directory and a scaling figure on generated shaders.
//!
//! Run with `cargo run --release -p fxbench-optimizer --example corpus_stats`; pass
//! `--validate` to also check every output with `spirv-val` where its input passed.

use optimizer::{Options, optimize, spirv_val, testgen, words_from_bytes};
use std::time::{Duration, Instant};

fn main() -> anyhow::Result<()> {
    let validate = std::env::args().any(|a| a == "--validate");
    let Some(root) = corpus::dir("spirv", "the corpus statistics") else {
        return Ok(());
    };
    let options = Options::default();
    for dir in ["rust-gpu", "glslang"] {
        let paths = corpus::files(&root.join(dir), "spv");
        let (mut before, mut after, mut time, mut rejected, mut invalid) =
            (0usize, 0usize, Duration::ZERO, 0, 0);
        for path in &paths {
            let name = path
                .file_name()
                .map(|n| n.to_string_lossy())
                .unwrap_or_default();
            let words = words_from_bytes(&std::fs::read(path)?)?;
            let start = Instant::now();
            match optimize(&words, &options) {
                Ok((out, report)) => {
                    let elapsed = start.elapsed();
                    time += elapsed;
                    before += report.instructions_before;
                    after += report.instructions_after;
                    let mut verdict = String::new();
                    if validate
                        && let Some(env) = spirv_val::valid_env(&words)?
                        && let spirv_val::Verdict::Invalid(message) =
                            spirv_val::validate(&out, env)?
                    {
                        invalid += 1;
                        verdict = format!("  INVALID ({env}): {message}");
                    }
                    println!(
                        "{dir}/{name}: {} -> {} instructions ({:.1}% fewer), {:.2} ms, {} iterations{verdict}",
                        report.instructions_before,
                        report.instructions_after,
                        percent(report.instructions_before, report.instructions_after),
                        elapsed.as_secs_f64() * 1e3,
                        report.iterations
                    );
                }
                Err(e) => {
                    rejected += 1;
                    println!("{dir}/{name}: rejected: {e}");
                }
            }
        }
        println!(
            "TOTAL {dir}: {} modules ({rejected} rejected), {before} -> {after} instructions ({:.2}% fewer), {:.1} ms{}",
            paths.len(),
            percent(before, after),
            time.as_secs_f64() * 1e3,
            if validate {
                format!(", {invalid} invalid outputs")
            } else {
                String::new()
            }
        );
    }

    // Scaling: the same generator at 10x the size (in words) should take at most 12x the time.
    let small = testgen::compute_shader_sized(1, 40);
    let large = testgen::compute_shader_sized(1, 440);
    let t_small = best_time(&small, &options)?;
    let t_large = best_time(&large, &options)?;
    println!(
        "SCALING: {} words in {:.3} ms, {} words in {:.3} ms: {:.1}x the size takes {:.1}x the time",
        small.len(),
        t_small.as_secs_f64() * 1e3,
        large.len(),
        t_large.as_secs_f64() * 1e3,
        large.len() as f64 / small.len() as f64,
        t_large.as_secs_f64() / t_small.as_secs_f64()
    );
    Ok(())
}

fn percent(before: usize, after: usize) -> f64 {
    if before == 0 {
        0.0
    } else {
        100.0 * (before as f64 - after as f64) / before as f64
    }
}

/// Best of 21 runs: the least disturbed by whatever else the machine is doing.
fn best_time(words: &[u32], options: &Options) -> anyhow::Result<Duration> {
    let mut best = Duration::MAX;
    for _ in 0..21 {
        let start = Instant::now();
        optimize(words, options)?;
        best = best.min(start.elapsed());
    }
    Ok(best)
}
