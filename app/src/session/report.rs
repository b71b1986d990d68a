//! Text reports of a chain's timings, for the command line (`render` and `bench`).

use std::fmt::Write as _;

use engine::EffectChain;
use engine::timing::FrameAverage;

/// Which statistics a table shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Columns {
    /// The 60-frame moving mean of GPU and CPU time.
    Mean,
    /// Mean, min and max over every frame run, GPU and CPU.
    MeanMinMax,
}

fn ms(ns: u64) -> String {
    format!("{:.3}", ns as f64 / 1e6)
}

fn cells(avg: Option<&FrameAverage>, columns: Columns) -> Vec<String> {
    match columns {
        Columns::Mean => vec![
            avg.and_then(FrameAverage::mean)
                .map_or_else(|| "-".into(), ms),
        ],
        Columns::MeanMinMax => match avg.and_then(|a| Some((a.overall_mean()?, a.min_max()?))) {
            Some((mean, (min, max))) => vec![ms(mean), ms(min), ms(max)],
            None => vec!["-".into(); 3],
        },
    }
}

fn row(out: &mut String, label: &str, indent: usize, groups: &[Vec<String>]) {
    let _ = write!(out, "{:indent$}{:<width$}", "", label, width = 38 - indent);
    for group in groups {
        for cell in group {
            let _ = write!(out, " {cell:>9}");
        }
        out.push_str("  ");
    }
    let trimmed = out.trim_end().len();
    out.truncate(trimmed);
    out.push('\n');
}

/// One row per enabled technique (GPU then CPU time) and one per pass (GPU time), in ms, then
/// the number of full-frame copies per frame.
pub fn timing_table(chain: &EffectChain, columns: Columns) -> String {
    let mut out = String::new();
    let header = |names: &[&str]| names.iter().map(|n| n.to_string()).collect::<Vec<_>>();
    let headers = match columns {
        Columns::Mean => [header(&["GPU ms"]), header(&["CPU ms"])],
        Columns::MeanMinMax => [
            header(&["GPU mean", "min", "max"]),
            header(&["CPU mean", "min", "max"]),
        ],
    };
    row(&mut out, "technique / pass", 0, &headers);
    for key in chain.order().iter().filter(|k| chain.is_enabled(**k)) {
        let technique = chain.technique(*key);
        let timings = chain.timings(*key);
        row(
            &mut out,
            technique.label(),
            0,
            &[
                cells(timings.map(|t| &t.gpu_ns), columns),
                cells(timings.map(|t| &t.cpu_ns), columns),
            ],
        );
        for (i, pass) in technique.passes.iter().enumerate() {
            let name = pass
                .name()
                .map_or_else(|| format!("pass {i}"), str::to_string);
            let gpu = timings.and_then(|t| t.passes_gpu_ns.get(i));
            row(&mut out, &name, 2, &[cells(gpu, columns)]);
        }
    }
    let _ = writeln!(
        out,
        "full-frame copies per frame: {} (ReShade would make {})",
        chain.copies_last_frame(),
        chain.reshade_copies_per_frame()
    );
    let _ = writeln!(
        out,
        "effect textures: {:.1} MiB (pooled textures counted once)",
        chain.texture_memory_bytes() as f64 / (1024.0 * 1024.0)
    );
    if !chain.has_gpu_timing() {
        let _ = writeln!(
            out,
            "(GPU times unavailable: the device has no timestamp queries)"
        );
    }
    out
}
