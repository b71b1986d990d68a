//! The split of combined image samplers: every `UniformConstant` variable of an
//! `OpTypeSampledImage` becomes an image variable and a sampler variable, because wgpu's bind
//! groups (and WebGPU) have no combined image samplers.
//!
//! A load of the combined variable becomes a load of each and an `OpSampledImage` in its place
//! (same result id, so every sampling instruction stays as it was); a function parameter that
//! points to a combined sampler becomes two parameters (image, sampler), with the function
//! type and every `OpFunctionCall` widened to match; an `OpImage` of a loaded sampler (ReShade's
//! `tex2Dfetch` and `tex2Dsize`) reads the image load directly, and a sampler then unused is not
//! loaded at all. Any other use of a combined sampler is a [`SplitError`] naming the instruction:
//! the module is then left as it was, never rewritten wrongly.

use super::ids::{self, IdAllocator, decoration_literal, id_operand};
use super::names::split_names;
use rspirv::binary::Disassemble;
use rspirv::dr::{Function, Instruction, Module, Operand};
use rspirv::spirv::{Decoration, Op, StorageClass, Word};
use std::collections::{HashMap, HashSet};
use thiserror::Error;

/// What [`split_combined_samplers`] did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SplitReport {
    /// One entry per combined sampler variable, in module order.
    pub samplers: Vec<SplitSampler>,
    /// Function parameters that became two.
    pub parameters_split: usize,
    /// Loads of a combined sampler that became two loads and an `OpSampledImage`.
    pub loads_split: usize,
    /// `OpImage` instructions replaced by the image load itself.
    pub images_read_directly: usize,
    /// Loads whose sampler half was left out because only the image was used.
    pub samplers_unloaded: usize,
}

/// One combined image sampler variable and the two that replace it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitSampler {
    /// The combined variable's `OpName` (`V__ReShade__BackBuffer`), empty when it had none.
    pub name: String,
    /// Its id (no longer in the module).
    pub combined: Word,
    /// Its `DescriptorSet` (both halves keep it).
    pub set: Option<u32>,
    /// Its `Binding` (the image keeps it).
    pub binding: Option<u32>,
    /// The image variable.
    pub image: Word,
    /// Its name: `<name>_image`.
    pub image_name: String,
    /// The sampler variable.
    pub sampler: Word,
    /// Its name: `<name>_sampler`.
    pub sampler_name: String,
    /// The sampler's binding: after every binding of the set, in declaration order.
    pub sampler_binding: Option<u32>,
}

/// Why a module's combined samplers cannot be split.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum SplitError {
    /// A combined sampler (variable, parameter or loaded value) is used by an instruction the
    /// split does not rewrite.
    #[error("cannot split a combined image sampler used by `{instruction}` in {function}")]
    UnsupportedUse {
        /// The function (its `OpName`, or `%id`), or `module scope`.
        function: String,
        /// The instruction, disassembled.
        instruction: String,
    },
    /// A type holding a sampled image in a way the split does not handle (an array of
    /// samplers, a pointer of another storage class, a sampled image passed by value).
    #[error("cannot split combined image samplers held by `{instruction}`: {reason}")]
    UnsupportedType {
        /// The type instruction, disassembled.
        instruction: String,
        /// Why it is not handled.
        reason: &'static str,
    },
    /// A decoration on a combined sampler other than `DescriptorSet` and `Binding`.
    #[error("cannot split combined image sampler {name:?}: it carries `{instruction}`")]
    UnsupportedDecoration {
        /// The variable's or parameter's name (or `%id`).
        name: String,
        /// The decoration, disassembled.
        instruction: String,
    },
    /// An instruction without the operands SPIR-V requires.
    #[error("malformed `{instruction}`: {problem}")]
    Malformed {
        /// The instruction, disassembled.
        instruction: String,
        /// What is wrong.
        problem: &'static str,
    },
}

/// Splits every combined image sampler of `module` into an image and a sampler variable.
///
/// # Errors
/// A [`SplitError`] for a use the split does not handle; `module` is then unchanged.
pub fn split_combined_samplers(module: &mut Module) -> Result<SplitReport, SplitError> {
    let mut out = module.clone();
    let mut ids = IdAllocator::new(&out);
    let types = Types::plan(&out, &mut ids)?;
    let mut report = SplitReport::default();
    if types.pointer_si.is_empty() {
        return Ok(report);
    }
    let names = ids::names(&out);
    let mut pointers = split_variables(&mut out, &types, &names, &mut ids, &mut report)?;
    let function_types = types.function_types(&mut out, &mut ids);
    let mut removed: HashSet<Word> = report.samplers.iter().map(|s| s.combined).collect();
    let mut param_names = Vec::new();
    for function in &mut out.functions {
        let split = split_parameters(function, &types, &function_types, &mut ids)?;
        for (param, image, sampler) in split {
            report.parameters_split += 1;
            removed.insert(param);
            pointers.insert(param, (image, sampler));
            param_names.push((param, image, sampler));
        }
    }
    rename(&mut out, &param_names, &names)?;
    for function in &mut out.functions {
        split_body(function, &pointers, &types, &names, &mut ids, &mut report)?;
    }
    drop_unused_function_types(&mut out, &function_types);
    check_no_reference(&out, &removed, &names)?;
    ids.finish(&mut out);
    *module = out;
    Ok(report)
}

/// The types the split uses: existing ones where the module has them, new ones otherwise,
/// placed so that every definition precedes its uses.
struct Types {
    /// Pointer (`UniformConstant`) to sampled image → that sampled image type.
    pointer_si: HashMap<Word, Word>,
    /// Sampled image type → its image type.
    image_of: HashMap<Word, Word>,
    /// Sampled image type → pointer (`UniformConstant`) to its image type.
    pointer_image_of: HashMap<Word, Word>,
    /// `OpTypeSampler`.
    sampler: Word,
    /// Pointer (`UniformConstant`) to `OpTypeSampler`.
    pointer_sampler: Word,
}

fn dis(inst: &Instruction) -> String {
    inst.disassemble()
}

fn unsupported_type(inst: &Instruction, reason: &'static str) -> SplitError {
    SplitError::UnsupportedType {
        instruction: dis(inst),
        reason,
    }
}

fn malformed(inst: &Instruction, problem: &'static str) -> SplitError {
    SplitError::Malformed {
        instruction: dis(inst),
        problem,
    }
}

impl Types {
    /// Finds the sampled image types and their pointers, refuses the shapes it cannot split,
    /// and adds (or moves up) the image pointer, sampler and sampler pointer types.
    fn plan(module: &Module, ids: &mut IdAllocator) -> Result<Types, SplitError> {
        let globals = &module.types_global_values;
        let mut image_of = HashMap::new();
        for inst in globals {
            if inst.class.opcode == Op::TypeSampledImage {
                let (Some(si), Some(image)) = (inst.result_id, id_operand(inst, 0)) else {
                    return Err(malformed(inst, "a sampled image type names its image type"));
                };
                image_of.insert(si, image);
            }
        }
        let mut pointer_si = HashMap::new();
        let mut first_pointer = None;
        for (index, inst) in globals.iter().enumerate() {
            let holds = |i: usize| id_operand(inst, i).is_some_and(|t| image_of.contains_key(&t));
            match inst.class.opcode {
                Op::TypePointer if holds(1) => {
                    if inst.operands.first()
                        != Some(&Operand::StorageClass(StorageClass::UniformConstant))
                    {
                        return Err(unsupported_type(
                            inst,
                            "a pointer to a sampled image outside UniformConstant",
                        ));
                    }
                    let (Some(id), Some(si)) = (inst.result_id, id_operand(inst, 1)) else {
                        return Err(malformed(inst, "a pointer type has a result and a pointee"));
                    };
                    pointer_si.insert(id, si);
                    first_pointer.get_or_insert(index);
                }
                Op::TypeArray | Op::TypeRuntimeArray if holds(0) => {
                    return Err(unsupported_type(inst, "an array of combined samplers"));
                }
                Op::TypeStruct if (0..inst.operands.len()).any(holds) => {
                    return Err(unsupported_type(
                        inst,
                        "a struct holding a combined sampler",
                    ));
                }
                Op::TypeFunction if (1..inst.operands.len()).any(holds) => {
                    return Err(unsupported_type(inst, "a combined sampler passed by value"));
                }
                _ => {}
            }
        }
        let mut types = Types {
            pointer_si,
            image_of,
            pointer_image_of: HashMap::new(),
            sampler: 0,
            pointer_sampler: 0,
        };
        if first_pointer.is_some() {
            types.sampler = find_type(globals, |i| i.class.opcode == Op::TypeSampler)
                .unwrap_or_else(|| ids.fresh());
            let sampler = types.sampler;
            types.pointer_sampler =
                find_type(globals, |i| is_pointer_to(i, sampler)).unwrap_or_else(|| ids.fresh());
            // In module order, so that the ids handed out do not depend on hashing.
            for inst in globals {
                let Some(&si) = inst.result_id.and_then(|id| types.pointer_si.get(&id)) else {
                    continue;
                };
                let image = types.image_of.get(&si).copied().unwrap_or(0);
                let existing = find_type(globals, |i| is_pointer_to(i, image));
                types
                    .pointer_image_of
                    .insert(si, existing.unwrap_or_else(|| ids.fresh()));
            }
        }
        Ok(types)
    }

    /// Puts the planned types right after the first pointer to a sampled image that needs
    /// them: new ones are made, existing ones defined later are moved up (each depends only on
    /// types defined before that pointer), existing ones defined earlier stay.
    fn place(&self, module: &mut Module) {
        let globals = std::mem::take(&mut module.types_global_values);
        let wanted: HashSet<Word> = [self.sampler, self.pointer_sampler]
            .into_iter()
            .chain(self.pointer_image_of.values().copied())
            .collect();
        let mut existing: HashMap<Word, Instruction> = globals
            .iter()
            .filter(|i| i.result_id.is_some_and(|id| wanted.contains(&id)))
            .filter_map(|i| Some((i.result_id?, i.clone())))
            .collect();
        let mut placed: HashSet<Word> = HashSet::new();
        let mut kept = Vec::with_capacity(globals.len() + 4);
        for inst in globals {
            if let Some(id) = inst.result_id.filter(|id| wanted.contains(id)) {
                // Either placed already (moved up) or needed by nothing before it.
                if placed.insert(id) {
                    existing.remove(&id);
                    kept.push(inst);
                }
                continue;
            }
            let si = inst
                .result_id
                .and_then(|id| self.pointer_si.get(&id).copied());
            kept.push(inst);
            let Some(si) = si else {
                continue;
            };
            let image = self.image_of.get(&si).copied().unwrap_or(0);
            let pointer_image = self.pointer_image_of.get(&si).copied().unwrap_or(0);
            let sampler = Instruction::new(Op::TypeSampler, None, Some(self.sampler), vec![]);
            for (id, made) in [
                (self.sampler, sampler),
                (
                    self.pointer_sampler,
                    pointer(self.pointer_sampler, self.sampler),
                ),
                (pointer_image, pointer(pointer_image, image)),
            ] {
                if placed.insert(id) {
                    kept.push(existing.remove(&id).unwrap_or(made));
                }
            }
        }
        module.types_global_values = kept;
    }

    /// A new function type for every one with a pointer-to-sampled-image parameter (or an
    /// identical existing one), keyed by the old type.
    fn function_types(&self, module: &mut Module, ids: &mut IdAllocator) -> HashMap<Word, Word> {
        let mut existing: HashMap<Vec<Operand>, Word> = HashMap::new();
        for inst in &module.types_global_values {
            if inst.class.opcode == Op::TypeFunction
                && let Some(id) = inst.result_id
            {
                existing.entry(inst.operands.clone()).or_insert(id);
            }
        }
        let mut map = HashMap::new();
        let mut globals = Vec::with_capacity(module.types_global_values.len());
        for inst in std::mem::take(&mut module.types_global_values) {
            let widened = (inst.class.opcode == Op::TypeFunction)
                .then(|| self.widen(&inst.operands))
                .flatten();
            let old = inst.result_id;
            globals.push(inst);
            if let (Some(operands), Some(old)) = (widened, old) {
                let new = match existing.get(&operands) {
                    Some(&id) => id,
                    None => {
                        let id = ids.fresh();
                        existing.insert(operands.clone(), id);
                        globals.push(Instruction::new(Op::TypeFunction, None, Some(id), operands));
                        id
                    }
                };
                map.insert(old, new);
            }
        }
        module.types_global_values = globals;
        map
    }

    /// The operands of a function type with each pointer-to-sampled-image parameter made two;
    /// `None` when it has none.
    fn widen(&self, operands: &[Operand]) -> Option<Vec<Operand>> {
        let mut changed = false;
        let mut out = Vec::with_capacity(operands.len() + 2);
        for (index, operand) in operands.iter().enumerate() {
            match operand {
                Operand::IdRef(t) if index > 0 && self.pointer_si.contains_key(t) => {
                    let (image, sampler) = self.halves_of_pointer(*t);
                    out.push(Operand::IdRef(image));
                    out.push(Operand::IdRef(sampler));
                    changed = true;
                }
                other => out.push(other.clone()),
            }
        }
        changed.then_some(out)
    }

    /// The image and sampler pointer types that replace pointer type `pointer_si`.
    fn halves_of_pointer(&self, pointer_si: Word) -> (Word, Word) {
        let si = self.pointer_si.get(&pointer_si).copied().unwrap_or(0);
        (
            self.pointer_image_of.get(&si).copied().unwrap_or(0),
            self.pointer_sampler,
        )
    }
}

fn pointer(id: Word, pointee: Word) -> Instruction {
    Instruction::new(
        Op::TypePointer,
        None,
        Some(id),
        vec![
            Operand::StorageClass(StorageClass::UniformConstant),
            Operand::IdRef(pointee),
        ],
    )
}

fn is_pointer_to(inst: &Instruction, pointee: Word) -> bool {
    inst.class.opcode == Op::TypePointer
        && inst.operands.first() == Some(&Operand::StorageClass(StorageClass::UniformConstant))
        && id_operand(inst, 1) == Some(pointee)
}

/// The id of the first global that `matches`, if any ([`Types::place`] moves it up when it
/// is defined after its first use).
fn find_type(globals: &[Instruction], matches: impl Fn(&Instruction) -> bool) -> Option<Word> {
    globals
        .iter()
        .find(|i| matches(i))
        .and_then(|i| i.result_id)
}

/// Replaces each combined sampler variable by an image and a sampler variable (names, set,
/// bindings, entry point interfaces); returns combined variable → (image, sampler).
fn split_variables(
    module: &mut Module,
    types: &Types,
    names: &HashMap<Word, String>,
    ids: &mut IdAllocator,
    report: &mut SplitReport,
) -> Result<HashMap<Word, (Word, Word)>, SplitError> {
    types.place(module);
    // The first free binding of each set, over every decorated variable.
    let mut next_binding: HashMap<u32, u32> = HashMap::new();
    for inst in &module.annotations {
        if let (Op::Decorate, Some(id), Some(&Operand::Decoration(Decoration::DescriptorSet))) =
            (inst.class.opcode, id_operand(inst, 0), inst.operands.get(1))
            && let (Some(set), Some(binding)) = (
                ids::literal_operand(inst, 2),
                decoration_literal(module, id, Decoration::Binding),
            )
        {
            let next = next_binding.entry(set).or_insert(0);
            *next = (*next).max(binding.saturating_add(1));
        }
    }
    let mut map = HashMap::new();
    let mut globals = Vec::with_capacity(module.types_global_values.len() + 8);
    for inst in std::mem::take(&mut module.types_global_values) {
        let pointer = inst
            .result_type
            .filter(|t| types.pointer_si.contains_key(t));
        let (Op::Variable, Some(pointer), Some(combined)) =
            (inst.class.opcode, pointer, inst.result_id)
        else {
            globals.push(inst);
            continue;
        };
        if inst.operands.len() != 1 {
            return Err(SplitError::UnsupportedUse {
                function: "module scope".into(),
                instruction: dis(&inst),
            });
        }
        let (image_type, sampler_type) = types.halves_of_pointer(pointer);
        let (image, sampler) = (ids.fresh(), ids.fresh());
        let class = vec![Operand::StorageClass(StorageClass::UniformConstant)];
        globals.push(Instruction::new(
            Op::Variable,
            Some(image_type),
            Some(image),
            class.clone(),
        ));
        globals.push(Instruction::new(
            Op::Variable,
            Some(sampler_type),
            Some(sampler),
            class,
        ));
        let name = names.get(&combined).cloned().unwrap_or_default();
        let set = decoration_literal(module, combined, Decoration::DescriptorSet);
        let binding = decoration_literal(module, combined, Decoration::Binding);
        let sampler_binding = set.zip(binding).map(|(set, _)| {
            let next = next_binding.entry(set).or_insert(0);
            *next = next.saturating_add(1);
            *next - 1
        });
        map.insert(combined, (image, sampler));
        report.samplers.push(SplitSampler {
            image_name: split_names(&name).0,
            sampler_name: split_names(&name).1,
            name,
            combined,
            set,
            binding,
            image,
            sampler,
            sampler_binding,
        });
    }
    module.types_global_values = globals;
    redecorate(module, report, names)?;
    for entry in &mut module.entry_points {
        let mut operands = Vec::with_capacity(entry.operands.len());
        for operand in entry.operands.drain(..) {
            match operand {
                Operand::IdRef(id) if map.contains_key(&id) => {
                    let (image, sampler) = map[&id];
                    operands.push(Operand::IdRef(image));
                    operands.push(Operand::IdRef(sampler));
                }
                other => operands.push(other),
            }
        }
        entry.operands = operands;
    }
    Ok(map)
}

/// Moves the names and the set/binding decorations of each combined variable to its halves.
fn redecorate(
    module: &mut Module,
    report: &SplitReport,
    names: &HashMap<Word, String>,
) -> Result<(), SplitError> {
    let by_id: HashMap<Word, &SplitSampler> =
        report.samplers.iter().map(|s| (s.combined, s)).collect();
    let mut annotations = Vec::with_capacity(module.annotations.len() + by_id.len() * 2);
    for inst in std::mem::take(&mut module.annotations) {
        let Some(split) = id_operand(&inst, 0).and_then(|id| by_id.get(&id)) else {
            annotations.push(inst);
            continue;
        };
        let decoration = match (inst.class.opcode, inst.operands.get(1)) {
            (Op::Decorate, Some(Operand::Decoration(d))) => *d,
            _ => {
                return Err(SplitError::UnsupportedDecoration {
                    name: display_name(names, split.combined),
                    instruction: dis(&inst),
                });
            }
        };
        let decorate = |id: Word, value: u32| {
            Instruction::new(
                Op::Decorate,
                None,
                None,
                vec![
                    Operand::IdRef(id),
                    Operand::Decoration(decoration),
                    Operand::LiteralBit32(value),
                ],
            )
        };
        match decoration {
            Decoration::DescriptorSet | Decoration::Binding => {
                let value = ids::literal_operand(&inst, 2).unwrap_or(0);
                let sampler_value = if decoration == Decoration::Binding {
                    split.sampler_binding.unwrap_or(value)
                } else {
                    value
                };
                annotations.push(decorate(split.image, value));
                annotations.push(decorate(split.sampler, sampler_value));
            }
            _ => {
                return Err(SplitError::UnsupportedDecoration {
                    name: display_name(names, split.combined),
                    instruction: dis(&inst),
                });
            }
        }
    }
    module.annotations = annotations;
    let renames: Vec<(Word, Word, Word)> = report
        .samplers
        .iter()
        .map(|s| (s.combined, s.image, s.sampler))
        .collect();
    rename(module, &renames, names)
}

/// Replaces the `OpName` of each `(old, image, sampler)` by `<name>_image` and
/// `<name>_sampler`; refuses decorations on old ids (parameters).
fn rename(
    module: &mut Module,
    renames: &[(Word, Word, Word)],
    names: &HashMap<Word, String>,
) -> Result<(), SplitError> {
    let by_id: HashMap<Word, (Word, Word)> =
        renames.iter().map(|&(old, i, s)| (old, (i, s))).collect();
    if let Some(inst) = module
        .annotations
        .iter()
        .find(|i| id_operand(i, 0).is_some_and(|id| by_id.contains_key(&id)))
    {
        return Err(SplitError::UnsupportedDecoration {
            name: display_name(names, id_operand(inst, 0).unwrap_or(0)),
            instruction: dis(inst),
        });
    }
    let mut debug_names = Vec::with_capacity(module.debug_names.len() + renames.len());
    for inst in std::mem::take(&mut module.debug_names) {
        match (
            inst.class.opcode,
            id_operand(&inst, 0).and_then(|id| by_id.get(&id)),
        ) {
            (Op::Name, Some(&(image, sampler))) => {
                let base = match inst.operands.get(1) {
                    Some(Operand::LiteralString(s)) => s.clone(),
                    _ => String::new(),
                };
                let (image_name, sampler_name) = split_names(&base);
                for (id, name) in [(image, image_name), (sampler, sampler_name)] {
                    debug_names.push(Instruction::new(
                        Op::Name,
                        None,
                        None,
                        vec![Operand::IdRef(id), Operand::LiteralString(name)],
                    ));
                }
            }
            (_, Some(_)) => {}
            _ => debug_names.push(inst),
        }
    }
    module.debug_names = debug_names;
    Ok(())
}

fn display_name(names: &HashMap<Word, String>, id: Word) -> String {
    names
        .get(&id)
        .filter(|n| !n.is_empty())
        .cloned()
        .unwrap_or_else(|| format!("%{id}"))
}

/// Makes each pointer-to-sampled-image parameter of `function` two and gives the function its
/// widened type; returns (old parameter, image parameter, sampler parameter).
fn split_parameters(
    function: &mut Function,
    types: &Types,
    function_types: &HashMap<Word, Word>,
    ids: &mut IdAllocator,
) -> Result<Vec<(Word, Word, Word)>, SplitError> {
    let mut split = Vec::new();
    let mut parameters = Vec::with_capacity(function.parameters.len() + 2);
    for param in std::mem::take(&mut function.parameters) {
        match (param.result_type, param.result_id) {
            (Some(t), Some(old)) if types.pointer_si.contains_key(&t) => {
                let (image_type, sampler_type) = types.halves_of_pointer(t);
                let (image, sampler) = (ids.fresh(), ids.fresh());
                for (ty, id) in [(image_type, image), (sampler_type, sampler)] {
                    parameters.push(Instruction::new(
                        Op::FunctionParameter,
                        Some(ty),
                        Some(id),
                        vec![],
                    ));
                }
                split.push((old, image, sampler));
            }
            _ => parameters.push(param),
        }
    }
    function.parameters = parameters;
    if let Some(def) = function.def.as_mut() {
        let old = id_operand(def, 1);
        match old.and_then(|t| function_types.get(&t)) {
            Some(&new) => def.operands[1] = Operand::IdRef(new),
            None if !split.is_empty() => {
                return Err(malformed(def, "its type does not list its parameters"));
            }
            None => {}
        }
    }
    Ok(split)
}

/// A loaded combined sampler: the image load, the sampler load, and the block of the loads.
#[derive(Clone, Copy)]
struct Loaded {
    image: Word,
    sampler: Word,
    block: usize,
}

/// Rewrites loads and calls in `function`, then checks what consumes the loaded samplers.
fn split_body(
    function: &mut Function,
    pointers: &HashMap<Word, (Word, Word)>,
    types: &Types,
    names: &HashMap<Word, String>,
    ids: &mut IdAllocator,
    report: &mut SplitReport,
) -> Result<(), SplitError> {
    let fname = function
        .def_id()
        .map_or_else(|| "a function".to_owned(), |id| display_name(names, id));
    let mut loaded: HashMap<Word, Loaded> = HashMap::new();
    for (block_index, block) in function.blocks.iter_mut().enumerate() {
        let mut out = Vec::with_capacity(block.instructions.len());
        for mut inst in std::mem::take(&mut block.instructions) {
            match inst.class.opcode {
                Op::Load if id_operand(&inst, 0).is_some_and(|p| pointers.contains_key(&p)) => {
                    let (image_ptr, sampler_ptr) = pointers[&id_operand(&inst, 0).unwrap_or(0)];
                    let (Some(si), Some(result)) = (inst.result_type, inst.result_id) else {
                        return Err(malformed(&inst, "a load has a type and a result"));
                    };
                    let Some(&image_type) = types.image_of.get(&si) else {
                        return Err(SplitError::UnsupportedUse {
                            function: fname,
                            instruction: dis(&inst),
                        });
                    };
                    let (image, sampler) = (ids.fresh(), ids.fresh());
                    let memory: Vec<Operand> = inst.operands[1..].to_vec();
                    let load = |ty, id, ptr| {
                        let mut operands = vec![Operand::IdRef(ptr)];
                        operands.extend(memory.iter().cloned());
                        Instruction::new(Op::Load, Some(ty), Some(id), operands)
                    };
                    out.push(load(image_type, image, image_ptr));
                    out.push(load(types.sampler, sampler, sampler_ptr));
                    out.push(Instruction::new(
                        Op::SampledImage,
                        Some(si),
                        Some(result),
                        vec![Operand::IdRef(image), Operand::IdRef(sampler)],
                    ));
                    loaded.insert(
                        result,
                        Loaded {
                            image,
                            sampler,
                            block: block_index,
                        },
                    );
                    report.loads_split += 1;
                }
                Op::FunctionCall => {
                    let mut operands = Vec::with_capacity(inst.operands.len() + 2);
                    for (index, operand) in inst.operands.drain(..).enumerate() {
                        match operand {
                            Operand::IdRef(id) if index > 0 && pointers.contains_key(&id) => {
                                let (image, sampler) = pointers[&id];
                                operands.push(Operand::IdRef(image));
                                operands.push(Operand::IdRef(sampler));
                            }
                            other => operands.push(other),
                        }
                    }
                    inst.operands = operands;
                    out.push(inst);
                }
                _ => out.push(inst),
            }
        }
        block.instructions = out;
    }
    if loaded.is_empty() {
        return Ok(());
    }
    consume_loaded(function, &loaded, types, &fname, report)
}

/// Opcodes that take a sampled image as their first operand and that the split leaves as they
/// are (the `OpSampledImage` is in the same block).
fn samples(op: Op) -> bool {
    matches!(
        op,
        Op::ImageSampleImplicitLod
            | Op::ImageSampleExplicitLod
            | Op::ImageSampleDrefImplicitLod
            | Op::ImageSampleDrefExplicitLod
            | Op::ImageSampleProjImplicitLod
            | Op::ImageSampleProjExplicitLod
            | Op::ImageSampleProjDrefImplicitLod
            | Op::ImageSampleProjDrefExplicitLod
            | Op::ImageGather
            | Op::ImageDrefGather
            | Op::ImageQueryLod
            | Op::ImageSparseSampleImplicitLod
            | Op::ImageSparseSampleExplicitLod
            | Op::ImageSparseSampleDrefImplicitLod
            | Op::ImageSparseSampleDrefExplicitLod
            | Op::ImageSparseGather
            | Op::ImageSparseDrefGather
    )
}

/// Checks every consumer of a loaded sampler: sampling in the same block stays; `OpImage`
/// becomes the image load; anything else is an error. Then drops samplers no longer used.
fn consume_loaded(
    function: &mut Function,
    loaded: &HashMap<Word, Loaded>,
    types: &Types,
    fname: &str,
    report: &mut SplitReport,
) -> Result<(), SplitError> {
    let mut substitute: HashMap<Word, Word> = HashMap::new();
    for (block_index, block) in function.blocks.iter().enumerate() {
        for inst in &block.instructions {
            for (index, operand) in inst.operands.iter().enumerate() {
                let Operand::IdRef(id) = operand else {
                    continue;
                };
                let Some(load) = loaded.get(id) else {
                    continue;
                };
                let op = inst.class.opcode;
                let image_type = types
                    .image_of
                    .values()
                    .any(|&t| Some(t) == inst.result_type);
                if op == Op::Image && index == 0 && image_type {
                    if let Some(result) = inst.result_id {
                        substitute.insert(result, load.image);
                    }
                } else if !(index == 0 && load.block == block_index && samples(op)) {
                    return Err(SplitError::UnsupportedUse {
                        function: fname.to_owned(),
                        instruction: dis(inst),
                    });
                }
            }
        }
    }
    report.images_read_directly += substitute.len();
    let mut used: HashSet<Word> = HashSet::new();
    for block in &mut function.blocks {
        block
            .instructions
            .retain(|i| !i.result_id.is_some_and(|r| substitute.contains_key(&r)));
        for inst in &mut block.instructions {
            for operand in &mut inst.operands {
                if let Operand::IdRef(id) = operand {
                    if let Some(&new) = substitute.get(id) {
                        *id = new;
                    }
                    used.insert(*id);
                }
            }
        }
    }
    let unused: HashSet<Word> = loaded
        .iter()
        .filter(|(result, _)| !used.contains(result))
        .flat_map(|(&result, load)| [result, load.sampler])
        .collect();
    report.samplers_unloaded += unused.len() / 2;
    for block in &mut function.blocks {
        block
            .instructions
            .retain(|i| !i.result_id.is_some_and(|r| unused.contains(&r)));
    }
    Ok(())
}

/// Removes the old function types that no function uses any more.
fn drop_unused_function_types(module: &mut Module, function_types: &HashMap<Word, Word>) {
    let mut used = HashSet::new();
    for inst in module.all_inst_iter() {
        if inst
            .result_id
            .is_some_and(|r| function_types.contains_key(&r))
        {
            continue;
        }
        for operand in &inst.operands {
            if let Operand::IdRef(id) = operand {
                used.insert(*id);
            }
        }
    }
    module.types_global_values.retain(|i| {
        !i.result_id
            .is_some_and(|r| function_types.contains_key(&r) && !used.contains(&r))
    });
}

/// The last word on "never a wrong module": nothing may still refer to a removed combined
/// variable or parameter.
fn check_no_reference(
    module: &Module,
    removed: &HashSet<Word>,
    names: &HashMap<Word, String>,
) -> Result<(), SplitError> {
    let refers = |inst: &Instruction| {
        inst.operands
            .iter()
            .any(|o| matches!(o, Operand::IdRef(id) if removed.contains(id)))
    };
    for function in &module.functions {
        if let Some(inst) = function.all_inst_iter().find(|i| refers(i)) {
            return Err(SplitError::UnsupportedUse {
                function: function
                    .def_id()
                    .map_or_else(|| "a function".to_owned(), |id| display_name(names, id)),
                instruction: dis(inst),
            });
        }
    }
    let globals = module
        .entry_points
        .iter()
        .chain(&module.execution_modes)
        .chain(&module.debug_names)
        .chain(&module.annotations)
        .chain(&module.types_global_values);
    for inst in globals {
        if refers(inst) {
            return Err(SplitError::UnsupportedUse {
                function: "module scope".into(),
                instruction: dis(inst),
            });
        }
    }
    Ok(())
}
