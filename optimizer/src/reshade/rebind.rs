//! The renumbering of every resource variable's `DescriptorSet` and `Binding` to the caller's
//! layout, and the optional removal of source-line debug information.

use super::ids;
use super::reflect::{ReflectError, Resource, resource_list};
use rspirv::dr::{Instruction, Module, Operand};
use rspirv::spirv::{Decoration, Op, Word};
use std::collections::{HashMap, HashSet};
use thiserror::Error;

/// Whether [`rebind`] keeps `OpLine`, `OpNoLine`, `OpString`, `OpSource*` and
/// `OpModuleProcessed` (names, `OpName` and `OpMemberName`, are always kept).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum DebugInfo {
    /// Keep them: a driver's messages and a debugger's source view use them.
    #[default]
    Keep,
    /// Drop them, for drivers (or readers such as naga) that trip over them.
    Strip,
}

/// Options of [`rebind`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RebindOptions {
    /// Whether source-line debug information stays.
    pub debug_info: DebugInfo,
}

/// Where one resource variable went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rebound {
    /// The resource as it was declared.
    pub resource: Resource,
    /// Its new `DescriptorSet`.
    pub set: u32,
    /// Its new `Binding`.
    pub binding: u32,
}

/// Why a module cannot be rebound.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum RebindError {
    /// The module's resources could not be read.
    #[error(transparent)]
    Reflect(#[from] ReflectError),
    /// The caller's mapping placed no binding for a resource.
    #[error("resource {name:?} (%{variable}, {kind:?}) has no place in the layout")]
    Unplaced {
        /// Its name.
        name: String,
        /// Its variable.
        variable: Word,
        /// What it holds.
        kind: super::ResourceKind,
    },
    /// Two resources mapped to the same set and binding.
    #[error("resources {first:?} and {second:?} are both placed at set {set}, binding {binding}")]
    Collision {
        /// The first one placed there.
        first: String,
        /// The second.
        second: String,
        /// The set.
        set: u32,
        /// The binding.
        binding: u32,
    },
}

/// Every resource variable of `module`: the uniform block ([`super::ResourceKind::UniformBlock`])
/// and the `UniformConstant` ones, in module order.
///
/// # Errors
/// [`ReflectError`] for a malformed variable or one of a type no ReShade module holds.
pub fn resource_variables(module: &Module) -> Result<Vec<Resource>, ReflectError> {
    resource_list(module, &ids::names(module))
}

/// Gives every resource variable of `module` the set and binding that `place` returns for it
/// (the uniform block included), and drops debug lines when `options` say so.
///
/// # Errors
/// [`RebindError::Unplaced`] when `place` returns `None` for a resource,
/// [`RebindError::Collision`] when two resources get one set and binding; `module` is then
/// unchanged.
pub fn rebind(
    module: &mut Module,
    place: &dyn Fn(&Resource) -> Option<(u32, u32)>,
    options: &RebindOptions,
) -> Result<Vec<Rebound>, RebindError> {
    let resources = resource_variables(module)?;
    let mut placed: Vec<Rebound> = Vec::with_capacity(resources.len());
    let mut taken: HashMap<(u32, u32), String> = HashMap::new();
    for resource in resources {
        let Some((set, binding)) = place(&resource) else {
            return Err(RebindError::Unplaced {
                name: resource.name,
                variable: resource.variable,
                kind: resource.kind,
            });
        };
        if let Some(first) = taken.insert((set, binding), resource.name.clone()) {
            return Err(RebindError::Collision {
                first,
                second: resource.name,
                set,
                binding,
            });
        }
        placed.push(Rebound {
            resource,
            set,
            binding,
        });
    }
    let variables: HashSet<Word> = placed.iter().map(|p| p.resource.variable).collect();
    module.annotations.retain(|inst| {
        !(inst.class.opcode == Op::Decorate
            && ids::id_operand(inst, 0).is_some_and(|v| variables.contains(&v))
            && matches!(
                inst.operands.get(1),
                Some(Operand::Decoration(
                    Decoration::DescriptorSet | Decoration::Binding
                ))
            ))
    });
    for p in &placed {
        for (decoration, value) in [
            (Decoration::DescriptorSet, p.set),
            (Decoration::Binding, p.binding),
        ] {
            module.annotations.push(Instruction::new(
                Op::Decorate,
                None,
                None,
                vec![
                    Operand::IdRef(p.resource.variable),
                    Operand::Decoration(decoration),
                    Operand::LiteralBit32(value),
                ],
            ));
        }
    }
    if options.debug_info == DebugInfo::Strip {
        strip_debug_lines(module);
    }
    Ok(placed)
}

/// Removes `OpLine`, `OpNoLine`, `OpString`, `OpSource*` and `OpModuleProcessed`, keeping names.
pub fn strip_debug_lines(module: &mut Module) {
    let line = |i: &Instruction| matches!(i.class.opcode, Op::Line | Op::NoLine);
    module.types_global_values.retain(|i| !line(i));
    for function in &mut module.functions {
        for block in &mut function.blocks {
            block.instructions.retain(|i| !line(i));
        }
    }
    module.debug_string_source.clear();
    module.debug_module_processed.clear();
}
