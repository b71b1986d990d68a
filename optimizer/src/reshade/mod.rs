//! ReShade's own SPIR-V made bindable by wgpu: reflection of its layout, the split of its
//! combined image samplers, and the renumbering of its descriptor bindings.
//!
//! ReShade 6.1's compiler (`--vulkan-semantics`) writes one module per effect: every entry point
//! named `F__<function>` (compute ones `EF__<function>_<x>_<y>_<z>`, namespaces joined with `__`),
//! descriptor set 0 the uniform block `$Globals`, set 1 the samplers as combined image samplers
//! (`V__<name>`), set 2 the storage images, each set numbered in declaration order. wgpu's bind
//! groups have no combined image samplers, so a module goes through three steps here:
//!
//! 1. [`reflect`] reads what the module declares ([`ReshadeModule`]);
//! 2. [`split_combined_samplers`] turns each combined image sampler into an image and a sampler
//!    variable, loads, function parameters and calls included ([`SplitReport`]);
//! 3. [`rebind`] renumbers every resource to the caller's layout (and can drop debug lines).
//!
//! [`prepare`] does the three on words; [`unique_name`] and [`entry_point_name`] give the names
//! ReShade writes for an FX name, to look resources and entry points up by.
//!
//! Every step returns an error for input it does not understand; none panics.

mod ids;
mod names;
mod prepare;
mod rebind;
mod reflect;
mod split_samplers;

pub use names::{entry_point_name, split_names, unique_name};
pub use prepare::{PrepareError, Prepared, prepare};
pub use rebind::{
    DebugInfo, RebindError, RebindOptions, Rebound, rebind, resource_variables, strip_debug_lines,
};
pub use reflect::{
    EntryPoint, MatrixMajor, ReflectError, ReshadeModule, Resource, ResourceKind, Scalar,
    ScalarKind, UniformBlock, UniformMember, UniformType, Varying, VaryingDirection, reflect,
    varyings,
};
pub use split_samplers::{SplitError, SplitReport, SplitSampler, split_combined_samplers};
