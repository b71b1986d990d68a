//! Reference rendering: the same effect run with two sets of shaders (ours against ReShade's own
//! SPIR-V, or naga IR against our SPIR-V) and every pass compared texel by texel.
//!
//! - `diff.rs`: the comparison of two images on the CPU, with the tolerance rules (8-bit within
//!   2/255 per channel, floats within a relative 1e-3 or 1e-5 near 0).
//! - `module.rs`: ReShade's own SPIR-V as the shader source of a chain ([`ReferenceModule`],
//!   [`crate::Shaders::Reference`]), bound by name onto the effect pass by pass.
//! - `run.rs`: two chains run frame by frame over the same input and sources, every pass of the
//!   last frame captured on both sides ([`crate::EffectChain::set_probes`]) and compared.

pub mod diff;
mod module;
mod run;

pub use diff::{DiffError, ImageDiff, TexelDifference, Texels, Tolerance};
pub(crate) use module::ReferenceUniforms;
pub use module::{REFERENCE_TARGET_ENV, ReferenceError, ReferenceModule};
pub use run::{CompareError, CompareOptions, Comparison, PassTime, ProbeDiff, compare_chains};

/// The uniform block layout of ReShade's module when `shaders` are a reference, else `None`.
pub(crate) fn uniforms_for(
    shaders: &crate::Shaders,
    effect: &analysis::ValidatedEffect,
) -> Result<Option<ReferenceUniforms>, crate::ChainError> {
    match shaders {
        crate::Shaders::Reference(module) => {
            module
                .uniforms(effect)
                .map_err(|source| crate::ChainError::Reference {
                    effect: effect.path().display().to_string(),
                    source: Box::new(source),
                })
        }
        _ => Ok(None),
    }
}
