//! Text reports of a chain's timings, for the command line (`render` and `bench`). Every column
//! header names its unit.

use std::fmt::Write as _;

use engine::EffectChain;
use engine::timing::FrameAverage;

use crate::session::timing::{RowScope, TimingSummary};

/// Which statistics a table shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Columns {
    /// The mean of GPU and CPU time over the history window.
    Mean,
    /// Mean, min and max over every frame run, GPU and CPU.
    MeanMinMax,
}

/// Width of a number column; the widest header ("GPU mean ms") fits.
const CELL: usize = 11;

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
            let _ = write!(out, " {cell:>CELL$}");
        }
        out.push_str("  ");
    }
    let trimmed = out.trim_end().len();
    out.truncate(trimmed);
    out.push('\n');
}

/// The column headers, each with its unit.
fn headers(columns: Columns) -> [Vec<String>; 2] {
    let header = |names: &[&str]| names.iter().map(|n| n.to_string()).collect::<Vec<_>>();
    match columns {
        Columns::Mean => [header(&["GPU ms"]), header(&["CPU ms"])],
        Columns::MeanMinMax => [
            header(&["GPU mean ms", "min ms", "max ms"]),
            header(&["CPU mean ms", "min ms", "max ms"]),
        ],
    }
}

/// One row per enabled technique and one per pass (GPU then CPU time, in ms), the whole frame,
/// the costliest pass, then the number of full-frame copies per frame.
pub fn timing_table(chain: &EffectChain, columns: Columns) -> String {
    let mut out = String::new();
    row(&mut out, "technique / pass", 0, &headers(columns));
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
            let name = crate::session::timing::pass_label(pass, i);
            let gpu = timings.and_then(|t| t.passes_gpu_ns.get(i));
            let cpu = timings.and_then(|t| t.passes_cpu_ns.get(i));
            row(
                &mut out,
                &name,
                2,
                &[cells(gpu, columns), cells(cpu, columns)],
            );
        }
    }
    let frame = chain.frame_timings();
    row(
        &mut out,
        "whole frame",
        0,
        &[
            cells(Some(&frame.gpu_ns), columns),
            cells(Some(&frame.cpu_ns), columns),
        ],
    );
    costliest_line(&mut out, chain);
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

/// "costliest pass: Technique / pass (x ms, n% of the frame)", GPU time where measured.
fn costliest_line(out: &mut String, chain: &EffectChain) {
    let summary = TimingSummary::of(chain);
    let Some(row) = summary.costliest_row() else {
        return;
    };
    let RowScope::Pass(key, _) = row.scope else {
        return;
    };
    let (clock, stats) = match row.gpu {
        Some(stats) => ("GPU", stats),
        None => match row.cpu {
            Some(stats) => ("CPU", stats),
            None => return,
        },
    };
    let share = row
        .share
        .map(|s| format!(", {:.0}% of the frame", s * 100.0))
        .unwrap_or_default();
    let _ = writeln!(
        out,
        "costliest pass: {} / {} ({} ms {clock}{share})",
        chain.technique(key).label(),
        row.label,
        ms(stats.mean_ns)
    );
}
