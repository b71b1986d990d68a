//! The SPIR-V of one pass stage before and after our optimiser: what the SPIR-V panel and
//! `fxbench spirv` show. The module comes from [`engine::spirv`] (the front end's own naga
//! module), the optimisation, listings and diff from the `optimizer` crate.

use analysis::ValidatedEffect;
use engine::spirv::PassStage;

/// `spirv-val`'s environment for the SPIR-V version naga writes here.
pub const TARGET_ENV: &str = "vulkan1.0";

/// Why a pass stage's SPIR-V could not be built, optimised, listed or mapped for the view; the
/// stage's label (`technique/pass/stage`) says where.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum StageError {
    #[error(transparent)]
    Compile(#[from] engine::spirv::SpirvError),
    #[error("{stage}: the optimiser failed: {source}")]
    Optimize {
        stage: String,
        #[source]
        source: optimizer::Error,
    },
    #[error("{stage}: cannot {what} SPIR-V: {source}")]
    Listing {
        stage: String,
        /// "list", "diff" or "align".
        what: &'static str,
        #[source]
        source: optimizer::Error,
    },
    /// The module with line information could not be read back.
    #[error("cannot read SPIR-V: {0}")]
    Read(#[source] rspirv::binary::ParseState),
    /// The worker thread ended without a result (a panic in a dependency).
    #[error("the SPIR-V worker stopped without a result")]
    WorkerStopped,
}

/// Why a [`ShaderChoice`] cannot run here.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ShaderChoiceError {
    /// Optimised SPIR-V runs only behind `spirv-val`, and it is not installed.
    #[error(
        "{} runs only after spirv-val checks each module, and spirv-val is not installed (Debian: spirv-tools)",
        choice.label()
    )]
    NoValidator { choice: ShaderChoice },
    /// ReShade's SPIR-V is a file found for the open effect, not something to make.
    #[error("no ReShade reference module was found for the open effect")]
    NoReference,
}

/// One pass stage compiled, optimised, listed and diffed.
#[derive(Clone, Debug)]
pub struct StageSpirv {
    pub label: String,
    pub before: Vec<u32>,
    pub after: Vec<u32>,
    pub report: optimizer::Report,
    /// Canonical disassembly, one instruction per line.
    pub before_listing: String,
    pub after_listing: String,
    /// Unified diff of the two listings; empty when the optimiser changed nothing visible.
    pub diff: String,
    /// The two listings side by side along the diff, each row marked with what the optimiser
    /// did to it (kept, removed, created, replaced).
    pub aligned: Vec<optimizer::AlignedRow>,
}

impl StageSpirv {
    /// Compiles `stage` of `effect` and runs every optimiser pass on it, keeping the interface.
    pub fn build(effect: &ValidatedEffect, stage: &PassStage) -> Result<Self, StageError> {
        let label = engine::spirv::stage_label(effect, stage);
        let before =
            engine::spirv::compile_entry(effect, stage.entry, engine::spirv::Bindings::Wgsl)?;
        let (after, report) = optimizer::optimize(&before, &optimizer::Options::default())
            .map_err(|source| StageError::Optimize {
                stage: label.clone(),
                source,
            })?;
        let failed = |what: &'static str| {
            let stage = label.clone();
            move |source| StageError::Listing {
                stage,
                what,
                source,
            }
        };
        let listing = |words: &[u32]| optimizer::listing(words).map_err(failed("list"));
        let diff = optimizer::diff_listing(
            &before,
            &after,
            &optimizer::DiffOptions {
                context_lines: 3,
                labels: (format!("{label} (naga)"), format!("{label} (optimised)")),
            },
        )
        .map_err(failed("diff"))?;
        let aligned = optimizer::aligned_listing(&before, &after).map_err(failed("align"))?;
        Ok(Self {
            aligned,
            before_listing: listing(&before)?,
            after_listing: listing(&after)?,
            label,
            before,
            after,
            report,
            diff,
        })
    }

    /// "212 -> 180 instructions (15.1% fewer)": the part of [`Self::summary`] that does not
    /// depend on timing.
    pub fn summary_counts(&self) -> String {
        let (b, a) = (
            self.report.instructions_before,
            self.report.instructions_after,
        );
        let percent = if b == 0 {
            0.0
        } else {
            100.0 * (b as f64 - a as f64) / b as f64
        };
        format!("{b} -> {a} instructions ({percent:.1}% fewer)")
    }

    /// "212 -> 180 instructions (15.1% fewer), 2 iterations, 0.41 ms".
    pub fn summary(&self) -> String {
        format!(
            "{}, {} iteration{}, {:.2} ms",
            self.summary_counts(),
            self.report.iterations,
            if self.report.iterations == 1 { "" } else { "s" },
            self.report.time.as_secs_f64() * 1e3
        )
    }

    /// `spirv-val`'s verdicts on the module before and after, or `None` when it is not installed.
    pub fn validate(&self) -> Option<(Validation, Validation)> {
        if !optimizer::spirv_val::available() {
            return None;
        }
        let check = |words: &[u32]| match optimizer::spirv_val::validate(words, TARGET_ENV) {
            Ok(optimizer::spirv_val::Verdict::Valid) => Validation::Valid,
            Ok(optimizer::spirv_val::Verdict::Invalid(message)) => Validation::Invalid(message),
            Err(e) => Validation::Invalid(e.to_string()),
        };
        Some((check(&self.before), check(&self.after)))
    }
}

/// A `spirv-val` verdict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Validation {
    Valid,
    Invalid(String),
}

/// Which shaders the chain runs: the choice the window and `fxbench render`/`bench` offer, so
/// the GPU cost of naga's SPIR-V and of the optimiser's can be compared pass by pass.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ShaderChoice {
    /// naga IR, translated by wgpu for the backend (the usual path).
    #[default]
    Wgpu,
    /// Each pass stage as the SPIR-V the SPIR-V view shows, passed to the driver as it is.
    Spirv,
    /// That SPIR-V after our optimiser (vectorise, prune, CSE).
    Optimized,
    /// ReShade's own SPIR-V for the effect ([`crate::session::reference`]): offered only where
    /// a module was found, and made by [`crate::session::reference::load`], not [`Self::shaders`].
    Reference,
}

impl ShaderChoice {
    /// Our own shaders (the reference is offered beside them only when one is found).
    pub const ALL: [ShaderChoice; 3] = [Self::Wgpu, Self::Spirv, Self::Optimized];

    pub fn label(self) -> &'static str {
        match self {
            Self::Wgpu => "naga IR (wgpu)",
            Self::Spirv => "naga SPIR-V",
            Self::Optimized => "optimised SPIR-V",
            Self::Reference => "ReShade reference",
        }
    }

    /// The engine's shader mode for this choice, or why it cannot run here.
    ///
    /// Optimised SPIR-V reaches the driver unchecked, so it runs only where `spirv-val` checks
    /// every module first (fail closed): without the validator the choice is refused.
    pub fn shaders(self) -> Result<engine::Shaders, ShaderChoiceError> {
        use engine::SpirvTransformError;
        let transform: engine::SpirvTransform = match self {
            Self::Wgpu => return Ok(engine::Shaders::Naga),
            Self::Reference => return Err(ShaderChoiceError::NoReference),
            Self::Spirv => std::sync::Arc::new(|words: &[u32]| Ok(words.to_vec())),
            Self::Optimized if !optimizer::spirv_val::available() => {
                return Err(ShaderChoiceError::NoValidator { choice: self });
            }
            Self::Optimized => std::sync::Arc::new(|words: &[u32]| {
                let (out, _) = optimizer::optimize(words, &optimizer::Options::default())
                    .map_err(|e| SpirvTransformError::Failed(Box::new(e)))?;
                match optimizer::spirv_val::validate(&out, TARGET_ENV) {
                    Ok(optimizer::spirv_val::Verdict::Valid) => Ok(out),
                    Ok(optimizer::spirv_val::Verdict::Invalid(message)) => {
                        Err(SpirvTransformError::Invalid {
                            validator: "spirv-val",
                            message,
                        })
                    }
                    Err(e) => Err(SpirvTransformError::Unchecked(Box::new(e))),
                }
            }),
        };
        // SAFETY: naga's SPIR-V for a validated module is valid, and the identity keeps it so.
        // The optimiser's output is run only after spirv-val accepted it (above), and the
        // optimiser keeps the entry point, bindings and interface: its tests check every output
        // with spirv-val and run shaders before and after on the GPU.
        Ok(unsafe { engine::Shaders::spirv(transform) })
    }
}

/// How a line of a listing or diff is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineKind {
    Added,
    Removed,
    /// Side by side: a removed instruction facing the one created in its place.
    Changed,
    /// `---`, `+++` and `@@` lines.
    Header,
    Context,
}

/// Classifies a line of a unified diff.
pub fn diff_line_kind(line: &str) -> LineKind {
    if line.starts_with("+++") || line.starts_with("---") || line.starts_with("@@") {
        LineKind::Header
    } else if line.starts_with('+') {
        LineKind::Added
    } else if line.starts_with('-') {
        LineKind::Removed
    } else {
        LineKind::Context
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diff_lines_are_classified_by_prefix() {
        assert_eq!(diff_line_kind("--- a (naga)"), LineKind::Header);
        assert_eq!(diff_line_kind("+++ b (optimised)"), LineKind::Header);
        assert_eq!(diff_line_kind("@@ -1,3 +1,2 @@"), LineKind::Header);
        assert_eq!(diff_line_kind("+  %5 = OpFAdd"), LineKind::Added);
        assert_eq!(diff_line_kind("-  %5 = OpFMul"), LineKind::Removed);
        assert_eq!(diff_line_kind("   OpReturn"), LineKind::Context);
    }
}
