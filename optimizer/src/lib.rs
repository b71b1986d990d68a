//! SPIR-V optimiser for fxbench: load-forward, CSE, vectorise and prune passes run to a
//! fixpoint, a disassembly diff of what they changed, and `spirv-val` integration.
//!
//! The entry point is [`optimize`]; [`diff_listing`] renders what it did; `testgen` (feature
//! `test-support`) makes scalarised compute shaders for differential tests.

mod driver;
mod error;
mod ir;
pub mod listing;
mod module;
pub mod passes;
pub mod reshade;
pub mod spirv_val;
#[cfg(any(test, feature = "test-support"))]
pub mod testgen;

pub use driver::{Options, PassRun, PassSummary, Report, instruction_count, optimize};
pub use error::Error;
pub use listing::{AlignedRow, DiffOptions, RowChange, aligned_listing, diff_listing, listing};
pub use module::{bytes_from_words, words_from_bytes};
pub use passes::{InterfacePolicy, Pass, PassId};
pub use reshade::{
    ReshadeModule, SplitError, SplitReport, rebind, reflect, split_combined_samplers,
};
