//! The driver: parses a module, runs the chosen passes to a fixpoint, and reports what each run
//! did.

use crate::error::Error;
use crate::module;
use crate::passes::{Cse, InterfacePolicy, LoadForward, Pass, PassId, Prune, Vectorise};
use std::fmt;
use std::time::{Duration, Instant};

/// What to run and how.
#[derive(Clone, Debug)]
pub struct Options {
    /// Passes in the order they run within one iteration.
    pub passes: Vec<PassId>,
    /// Whether prune may remove unused interface variables and descriptor bindings.
    pub interface: InterfacePolicy,
    /// Upper bound on fixpoint iterations (each runs every pass once).
    pub max_iterations: u32,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            passes: PassId::ALL.to_vec(),
            interface: InterfacePolicy::Keep,
            max_iterations: 16,
        }
    }
}

/// One run of one pass.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PassRun {
    /// Which pass ran.
    pub pass: PassId,
    /// Fixpoint iteration, from 1.
    pub iteration: u32,
    /// Instructions in the module before the run.
    pub instructions_before: usize,
    /// Instructions in the module after the run.
    pub instructions_after: usize,
    /// Whether the pass changed anything.
    pub changed: bool,
    /// Wall-clock time of the run.
    pub time: Duration,
}

/// Totals for one pass over all its runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PassSummary {
    /// Which pass.
    pub pass: PassId,
    /// How many times it ran.
    pub runs: u32,
    /// Instructions before its first run.
    pub instructions_before: usize,
    /// Instructions after its last run.
    pub instructions_after: usize,
    /// Net instructions it removed over all runs (negative when it added more than it removed).
    pub net_removed: i64,
    /// Time over all runs.
    pub time: Duration,
}

/// What an optimisation did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Instructions in the input.
    pub instructions_before: usize,
    /// Instructions in the output.
    pub instructions_after: usize,
    /// Fixpoint iterations run.
    pub iterations: u32,
    /// Whether the last iteration changed nothing (false when `max_iterations` cut it short).
    pub converged: bool,
    /// Every pass run, in order.
    pub runs: Vec<PassRun>,
    /// Total time, parsing and assembling included.
    pub time: Duration,
}

impl Report {
    /// Totals per pass, in the order the passes first ran.
    pub fn per_pass(&self) -> Vec<PassSummary> {
        let mut summaries: Vec<PassSummary> = Vec::new();
        for run in &self.runs {
            let delta = run.instructions_before as i64 - run.instructions_after as i64;
            match summaries.iter_mut().find(|s| s.pass == run.pass) {
                Some(summary) => {
                    summary.runs += 1;
                    summary.instructions_after = run.instructions_after;
                    summary.net_removed += delta;
                    summary.time += run.time;
                }
                None => summaries.push(PassSummary {
                    pass: run.pass,
                    runs: 1,
                    instructions_before: run.instructions_before,
                    instructions_after: run.instructions_after,
                    net_removed: delta,
                    time: run.time,
                }),
            }
        }
        summaries
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let percent = if self.instructions_before == 0 {
            0.0
        } else {
            100.0 * (self.instructions_before as f64 - self.instructions_after as f64)
                / self.instructions_before as f64
        };
        writeln!(
            f,
            "instructions: {} -> {} ({percent:.1}% fewer), {} iteration(s){}, {:.2} ms",
            self.instructions_before,
            self.instructions_after,
            self.iterations,
            if self.converged {
                ""
            } else {
                " (limit reached)"
            },
            self.time.as_secs_f64() * 1e3
        )?;
        for run in &self.runs {
            writeln!(
                f,
                "  iteration {:>2} {:<10} {:>7} -> {:>7} {:.2} ms",
                run.iteration,
                run.pass.name(),
                run.instructions_before,
                run.instructions_after,
                run.time.as_secs_f64() * 1e3
            )?;
        }
        Ok(())
    }
}

fn make_pass(id: PassId, options: &Options) -> Box<dyn Pass> {
    match id {
        PassId::Cse => Box::new(Cse),
        PassId::LoadForward => Box::new(LoadForward),
        PassId::Vectorise => Box::new(Vectorise),
        PassId::Prune => Box::new(Prune {
            interface: options.interface,
        }),
    }
}

/// Optimises a SPIR-V module given as words, returning the new words and a report.
///
/// The input may be in either byte order; the output is in the host's. Ids of untouched
/// instructions are preserved, which is what lets [`crate::diff_listing`] line the two up.
///
/// # Errors
/// [`Error::TruncatedHeader`], [`Error::BadMagic`] or [`Error::Parse`] when the input cannot be
/// read, [`Error::Unsupported`] when a pass refuses the module.
pub fn optimize(words: &[u32], options: &Options) -> Result<(Vec<u32>, Report), Error> {
    let start = Instant::now();
    let mut module = module::parse(words)?;
    let passes: Vec<Box<dyn Pass>> = options
        .passes
        .iter()
        .map(|&id| make_pass(id, options))
        .collect();
    let mut report = Report {
        instructions_before: module::instruction_count(&module),
        ..Report::default()
    };
    let mut count = report.instructions_before;
    while report.iterations < options.max_iterations.max(1) {
        report.iterations += 1;
        let mut changed_any = false;
        for pass in &passes {
            if report.iterations > 1 && !pass.fed_by_other_passes() {
                continue;
            }
            let run_start = Instant::now();
            let changed = pass.run(&mut module)?;
            let after = module::instruction_count(&module);
            report.runs.push(PassRun {
                pass: pass.id(),
                iteration: report.iterations,
                instructions_before: count,
                instructions_after: after,
                changed,
                time: run_start.elapsed(),
            });
            count = after;
            changed_any |= changed;
        }
        if !changed_any {
            report.converged = true;
            break;
        }
    }
    report.instructions_after = count;
    let output = module::assemble(&module);
    report.time = start.elapsed();
    Ok((output, report))
}

/// Parses a module and reports its instruction count, for callers that only want figures.
///
/// # Errors
/// As for [`optimize`], when the input cannot be read.
pub fn instruction_count(words: &[u32]) -> Result<usize, Error> {
    Ok(module::instruction_count(&module::parse(words)?))
}
