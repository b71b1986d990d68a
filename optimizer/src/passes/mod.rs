//! The optimisation passes, one file each, behind the [`Pass`] trait.

mod cse;
mod load_forward;
mod prune;
mod vectorise;

pub use cse::Cse;
pub use load_forward::LoadForward;
pub use prune::{InterfacePolicy, Prune};
pub use vectorise::Vectorise;

use crate::error::Error;
use rspirv::dr::Module;
use std::fmt;
use std::str::FromStr;

/// One transformation over a whole module.
pub trait Pass {
    /// Which pass this is, for reports.
    fn id(&self) -> PassId;

    /// Runs the pass once, returning whether it changed the module.
    ///
    /// # Errors
    /// A pass fails only on a module shape it cannot handle safely; it then leaves the module as
    /// it found it or in a valid intermediate state.
    fn run(&self, module: &mut Module) -> Result<bool, Error>;

    /// Whether other passes can give this one new work, so that the driver must run it again
    /// after they change the module. A pass answering `false` reaches its fixpoint in one run
    /// and works on nothing the others create; the driver runs it in the first iteration only.
    fn fed_by_other_passes(&self) -> bool {
        true
    }
}

/// The passes this crate provides, by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum PassId {
    /// Rewrites per-component scalar chains into vector instructions.
    Vectorise,
    /// Merges repeated pure computations within a block.
    Cse,
    /// Reuses an earlier load of the same memory within a block when nothing may have written it.
    LoadForward,
    /// Removes unused results, functions, parameters, names and decorations.
    Prune,
}

impl PassId {
    /// Every pass, in the order the driver runs them by default.
    pub const ALL: [PassId; 4] = [
        PassId::LoadForward,
        PassId::Cse,
        PassId::Vectorise,
        PassId::Prune,
    ];

    /// The pass's name on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            PassId::Vectorise => "vectorise",
            PassId::Cse => "cse",
            PassId::LoadForward => "load-forward",
            PassId::Prune => "prune",
        }
    }
}

impl fmt::Display for PassId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for PassId {
    type Err = Error;

    fn from_str(name: &str) -> Result<Self, Error> {
        match name.trim() {
            "vectorise" | "vectorize" => Ok(PassId::Vectorise),
            "cse" => Ok(PassId::Cse),
            "load-forward" | "load_forward" => Ok(PassId::LoadForward),
            "prune" => Ok(PassId::Prune),
            other => Err(Error::UnknownPass {
                name: other.to_owned(),
            }),
        }
    }
}
