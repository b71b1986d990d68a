//! Timing at a glance, for the window's timing panel and the command line's tables: per enabled
//! technique and pass, GPU and CPU statistics over the engine's history window, each one's share
//! of the frame, and the costliest pass.

use engine::timing::WindowStats;
use engine::{EffectChain, TechniqueKey};

/// What a row measures: a whole technique or one of its passes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RowScope {
    Technique(TechniqueKey),
    Pass(TechniqueKey, usize),
}

impl RowScope {
    /// The technique the row belongs to.
    pub fn key(self) -> TechniqueKey {
        match self {
            RowScope::Technique(key) | RowScope::Pass(key, _) => key,
        }
    }
}

/// One technique's or pass's times.
#[derive(Clone, Debug, PartialEq)]
pub struct TimingRow {
    pub scope: RowScope,
    /// The technique's label, or the pass's name (`pass N` when it has none).
    pub label: String,
    /// GPU time over the history window; `None` without timestamp queries or before any arrived.
    pub gpu: Option<WindowStats>,
    /// CPU time spent recording it over the history window.
    pub cpu: Option<WindowStats>,
    /// Its mean as a fraction of the frame's mean (GPU time where measured, else CPU time).
    pub share: Option<f64>,
}

/// Every enabled technique and pass in run order, with the frame's totals.
#[derive(Clone, Debug, PartialEq)]
pub struct TimingSummary {
    /// A technique's row, then its passes' rows, for each enabled technique in run order.
    pub rows: Vec<TimingRow>,
    /// GPU time of whole frames (first pass's start to last pass's end).
    pub frame_gpu: Option<WindowStats>,
    /// CPU time of whole frames (recording).
    pub frame_cpu: Option<WindowStats>,
    /// Index into `rows` of the pass with the largest mean (GPU where measured, else CPU), when
    /// there are two passes or more to compare.
    pub costliest: Option<usize>,
    /// The chain's [`EffectChain::generation`]: the statistics started afresh when it changed.
    pub generation: u64,
}

impl TimingSummary {
    /// The summary of `chain`'s current history.
    pub fn of(chain: &EffectChain) -> Self {
        let gpu_measured = chain.has_gpu_timing();
        let frame_gpu = chain.frame_timings().gpu_ns.stats();
        let frame_cpu = chain.frame_timings().cpu_ns.stats();
        let frame_mean = if gpu_measured { frame_gpu } else { frame_cpu }.map(|s| s.mean_ns);
        let share = |gpu: Option<WindowStats>, cpu: Option<WindowStats>| {
            let mean = if gpu_measured { gpu } else { cpu }?.mean_ns;
            let frame = frame_mean.filter(|f| *f > 0)?;
            Some(mean as f64 / frame as f64)
        };
        let mut rows = Vec::new();
        for &key in chain.order().iter().filter(|k| chain.is_enabled(**k)) {
            let technique = chain.technique(key);
            let timings = chain.timings(key);
            let gpu = timings.and_then(|t| t.gpu_ns.stats());
            let cpu = timings.and_then(|t| t.cpu_ns.stats());
            rows.push(TimingRow {
                scope: RowScope::Technique(key),
                label: technique.label().to_string(),
                gpu,
                cpu,
                share: share(gpu, cpu),
            });
            for (i, pass) in technique.passes.iter().enumerate() {
                let gpu = timings
                    .and_then(|t| t.passes_gpu_ns.get(i))
                    .and_then(|h| h.stats());
                let cpu = timings
                    .and_then(|t| t.passes_cpu_ns.get(i))
                    .and_then(|h| h.stats());
                rows.push(TimingRow {
                    scope: RowScope::Pass(key, i),
                    label: pass_label(pass, i),
                    gpu,
                    cpu,
                    share: share(gpu, cpu),
                });
            }
        }
        let costliest = costliest(&rows, gpu_measured);
        Self {
            rows,
            frame_gpu,
            frame_cpu,
            costliest,
            generation: chain.generation(),
        }
    }

    /// The costliest pass's row.
    pub fn costliest_row(&self) -> Option<&TimingRow> {
        self.rows.get(self.costliest?)
    }

    /// Frames per second the chain alone would allow, from the mean frame time (GPU where
    /// measured, else CPU).
    pub fn chain_fps(&self) -> Option<f64> {
        let mean = self.frame_gpu.or(self.frame_cpu)?.mean_ns;
        (mean > 0).then(|| 1e9 / mean as f64)
    }
}

/// A pass's name, or `pass N`.
pub fn pass_label(pass: &analysis::Pass, index: usize) -> String {
    pass.name()
        .map_or_else(|| format!("pass {index}"), str::to_string)
}

/// The pass row with the largest mean, when at least two passes have one.
fn costliest(rows: &[TimingRow], gpu_measured: bool) -> Option<usize> {
    let means: Vec<(usize, u64)> = rows
        .iter()
        .enumerate()
        .filter(|(_, r)| matches!(r.scope, RowScope::Pass(..)))
        .filter_map(|(i, r)| {
            let stats = if gpu_measured { r.gpu } else { r.cpu }?;
            Some((i, stats.mean_ns))
        })
        .collect();
    largest(&means)
}

/// The index paired with the largest mean among two or more; the first of equal maxima, so the
/// flag does not flicker between ties.
fn largest(means: &[(usize, u64)]) -> Option<usize> {
    if means.len() < 2 {
        return None;
    }
    means
        .iter()
        .fold(None, |best: Option<(usize, u64)>, &(i, m)| match best {
            Some((_, b)) if b >= m => best,
            _ => Some((i, m)),
        })
        .map(|(i, _)| i)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_largest_mean_wins_and_ties_keep_the_first() {
        assert_eq!(largest(&[(1, 300), (2, 500), (3, 500), (4, 100)]), Some(2));
        assert_eq!(largest(&[(7, 10), (9, 11)]), Some(9));
    }

    #[test]
    fn one_pass_alone_is_not_flagged() {
        assert_eq!(largest(&[(1, 900)]), None);
        assert_eq!(largest(&[]), None);
    }
}
