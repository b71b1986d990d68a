//! The three steps in one call, words in, words out: what a runtime does with a ReShade module
//! before it makes pipelines from it.

use super::rebind::{RebindError, RebindOptions, Rebound, rebind};
use super::reflect::{ReflectError, ReshadeModule, Resource, reflect};
use super::split_samplers::{SplitError, SplitReport, split_combined_samplers};
use rspirv::binary::Assemble;
use thiserror::Error;

/// A ReShade module made bindable.
#[derive(Clone, Debug, PartialEq)]
pub struct Prepared {
    /// The rewritten module.
    pub words: Vec<u32>,
    /// What it declares after the split (images and samplers instead of combined samplers,
    /// with their original set and bindings: see [`SplitReport`]).
    pub module: ReshadeModule,
    /// What the split did: which image and sampler replace which combined sampler.
    pub split: SplitReport,
    /// Where each resource went.
    pub bindings: Vec<Rebound>,
}

/// Why a module cannot be prepared.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum PrepareError {
    /// The words are not a module rspirv reads.
    #[error("cannot read the module: {0}")]
    Parse(String),
    /// [`reflect`] refused it.
    #[error(transparent)]
    Reflect(#[from] ReflectError),
    /// [`split_combined_samplers`] refused it.
    #[error(transparent)]
    Split(#[from] SplitError),
    /// [`rebind`] refused the layout.
    #[error(transparent)]
    Rebind(#[from] RebindError),
}

/// Splits the combined samplers of `words`, reflects the result, and rebinds it with `place`
/// (which sees the split resources: `<name>_image` and `<name>_sampler`).
///
/// # Errors
/// A [`PrepareError`] saying which step refused the module and why.
pub fn prepare(
    words: &[u32],
    place: &dyn Fn(&Resource) -> Option<(u32, u32)>,
    options: &RebindOptions,
) -> Result<Prepared, PrepareError> {
    let mut module =
        rspirv::dr::load_words(words).map_err(|e| PrepareError::Parse(e.to_string()))?;
    let split = split_combined_samplers(&mut module)?;
    let reflected = reflect(&module)?;
    let bindings = rebind(&mut module, place, options)?;
    Ok(Prepared {
        words: module.assemble(),
        module: reflected,
        split,
        bindings,
    })
}
