//! Prune pass: removes unused results, functions, function parameters, and the names and
//! decorations of whatever it removed, keeping everything with side effects.
//!
//! Liveness is computed by marking from roots (entry points, side-effecting instructions,
//! interface variables and descriptor bindings) rather than by "result never referenced", so
//! that dead cycles through `OpPhi` go too and nothing live is ever missed. Every id operand
//! counts as a use, including `IdScope` and `IdMemorySemantics` operands of barriers and atomics
//! (the original tool missed those and pruned the constants they name).

use super::{Pass, PassId};
use crate::error::Error;
use crate::ir::{self, FxHashMap, FxHashSet, Globals};
use rspirv::dr::{Instruction, Module, Operand};
use rspirv::spirv::{self, Decoration, Op, StorageClass, Word};

/// What to do with interface variables and descriptor bindings nobody reads.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum InterfacePolicy {
    /// Keep them: the pipeline layout and the stage interface stay exactly as written.
    #[default]
    Keep,
    /// Remove unused `Input`, `Output`, `Uniform`, `UniformConstant`, `StorageBuffer` and
    /// `PushConstant` variables, and drop them from entry point interfaces.
    RemoveUnused,
}

/// The prune pass.
#[derive(Clone, Copy, Debug, Default)]
pub struct Prune {
    /// Whether unused interface variables and descriptor bindings may go.
    pub interface: InterfacePolicy,
}

impl Pass for Prune {
    fn id(&self) -> PassId {
        PassId::Prune
    }

    fn run(&self, module: &mut Module) -> Result<bool, Error> {
        let facts = Facts::gather(module);
        let live = mark(module, &facts, self.interface);
        let removed = sweep(module, &live, self.interface);
        let params_removed = prune_parameters(module, &live, &facts);
        Ok(removed > 0 || params_removed > 0)
    }
}

/// What the mark phase needs to know about the module, gathered in one sweep.
struct Facts {
    glsl: Vec<Word>,
    /// Ids decorated with something that makes them observable without a use: `BuiltIn` (a
    /// `WorkgroupSize` constant sets the workgroup size), `SpecId` (the pipeline may specialise
    /// it) and `LinkageAttributes` (another module links to it).
    pinned: FxHashSet<Word>,
    /// Ids carrying `LinkageAttributes`, whose signatures must not change.
    linked: FxHashSet<Word>,
    /// Functions whose calls may be removed when their result is unused.
    pure_functions: FxHashSet<Word>,
    entry_functions: FxHashSet<Word>,
}

impl Facts {
    fn gather(module: &Module) -> Facts {
        let mut pinned = FxHashSet::default();
        let mut linked = FxHashSet::default();
        for inst in &module.annotations {
            if inst.class.opcode != Op::Decorate {
                continue;
            }
            if let [Operand::IdRef(target), Operand::Decoration(decoration), ..] = inst.operands[..]
            {
                match decoration {
                    Decoration::BuiltIn | Decoration::SpecId => {
                        pinned.insert(target);
                    }
                    Decoration::LinkageAttributes => {
                        pinned.insert(target);
                        linked.insert(target);
                    }
                    _ => {}
                }
            }
        }
        let glsl = ir::ext_imports_named(module, ir::GLSL_STD_450);
        let entry_functions = module
            .entry_points
            .iter()
            .filter_map(|ep| ep.operands.get(1).and_then(Operand::id_ref_any))
            .collect();
        let pure_functions = pure_functions(module, &glsl);
        Facts {
            glsl,
            pinned,
            linked,
            pure_functions,
            entry_functions,
        }
    }
}

/// Whether an instruction with a result may be deleted when the result is unused.
fn is_removable(inst: &Instruction, glsl: &[Word], pure_functions: &FxHashSet<Word>) -> bool {
    let op = inst.class.opcode;
    match op {
        Op::ExtInst => is_pure_ext_inst(inst, glsl),
        Op::FunctionCall => matches!(
            inst.operands.first(),
            Some(Operand::IdRef(callee)) if pure_functions.contains(callee)
        ),
        Op::Load => !inst.operands.iter().any(|o| {
            matches!(o, Operand::MemoryAccess(access) if access.contains(spirv::MemoryAccess::VOLATILE))
        }),
        _ => ir::is_pure(op),
    }
}

/// GLSL.std.450 instructions are pure except `Modf` and `Frexp`, which write through a pointer.
/// Every other set is assumed to have effects (`NonSemantic.DebugPrintf` prints, and debug-info
/// sets describe code that must stay described).
fn is_pure_ext_inst(inst: &Instruction, glsl: &[Word]) -> bool {
    ir::glsl_inst(inst, glsl).is_some_and(|(_, number)| ir::glsl::is_pure(number))
}

/// Instructions without a result that do not affect anything outside the function.
fn is_local_control(op: Op) -> bool {
    matches!(
        op,
        Op::Branch
            | Op::BranchConditional
            | Op::Switch
            | Op::Return
            | Op::ReturnValue
            | Op::Unreachable
            | Op::SelectionMerge
            | Op::LoopMerge
            | Op::Line
            | Op::NoLine
            | Op::Nop
    )
}

/// Functions with no observable effect besides their return value: they only read memory, write
/// their own `Function` variables, and call other such functions.
fn pure_functions(module: &Module, glsl: &[Word]) -> FxHashSet<Word> {
    let mut callees: FxHashMap<Word, Vec<Word>> = FxHashMap::default();
    let mut candidates: FxHashSet<Word> = FxHashSet::default();
    for function in &module.functions {
        let Some(id) = function.def_id() else {
            continue;
        };
        // Pointer-producing instructions and the value they derive from, to find where a store
        // lands.
        let mut base_of: FxHashMap<Word, Word> = FxHashMap::default();
        let mut locals: FxHashSet<Word> = FxHashSet::default();
        for inst in function.blocks.iter().flat_map(|b| &b.instructions) {
            let (Some(result), op) = (inst.result_id, inst.class.opcode) else {
                continue;
            };
            match op {
                Op::Variable => {
                    locals.insert(result);
                }
                Op::AccessChain
                | Op::InBoundsAccessChain
                | Op::PtrAccessChain
                | Op::InBoundsPtrAccessChain
                | Op::CopyObject => {
                    if let Some(Operand::IdRef(base)) = inst.operands.first() {
                        base_of.insert(result, *base);
                    }
                }
                _ => {}
            }
        }
        let writes_local = |pointer: Word| {
            let mut at = pointer;
            // Chains are acyclic in valid SPIR-V; the bound guards against invalid input.
            for _ in 0..=base_of.len() {
                if locals.contains(&at) {
                    return true;
                }
                match base_of.get(&at) {
                    Some(&base) => at = base,
                    None => return false,
                }
            }
            false
        };
        let mut pure = true;
        let mut calls = Vec::new();
        for inst in function.blocks.iter().flat_map(|b| &b.instructions) {
            let op = inst.class.opcode;
            let ok = match op {
                Op::FunctionCall => {
                    if let Some(Operand::IdRef(callee)) = inst.operands.first() {
                        calls.push(*callee);
                    }
                    true
                }
                Op::Store | Op::CopyMemory | Op::CopyMemorySized => {
                    matches!(inst.operands.first(), Some(Operand::IdRef(p)) if writes_local(*p))
                }
                _ if inst.result_id.is_none() => is_local_control(op),
                _ => is_removable(inst, glsl, &FxHashSet::default()),
            };
            if !ok {
                pure = false;
                break;
            }
        }
        if pure {
            candidates.insert(id);
            callees.insert(id, calls);
        }
    }
    // A candidate stays pure only while every callee is pure; iterate until nothing changes.
    loop {
        let impure: Vec<Word> = candidates
            .iter()
            .copied()
            .filter(|f| {
                callees
                    .get(f)
                    .is_some_and(|cs| cs.iter().any(|c| !candidates.contains(c)))
            })
            .collect();
        if impure.is_empty() {
            return candidates;
        }
        for f in impure {
            candidates.remove(&f);
        }
    }
}

/// Where an id is defined.
#[derive(Clone, Copy)]
enum Def {
    Global(usize),
    Function(usize),
    Instruction(usize, usize, usize),
    /// Parameters, labels and anything else that has no operands to follow.
    Leaf,
}

/// Marks every id that is needed, starting from the roots.
fn mark(module: &Module, facts: &Facts, policy: InterfacePolicy) -> FxHashSet<Word> {
    let mut defs: FxHashMap<Word, Def> = FxHashMap::default();
    for (i, inst) in module.types_global_values.iter().enumerate() {
        if let Some(id) = inst.result_id {
            defs.insert(id, Def::Global(i));
        }
    }
    for (f, function) in module.functions.iter().enumerate() {
        if let Some(id) = function.def_id() {
            defs.insert(id, Def::Function(f));
        }
        for param in &function.parameters {
            if let Some(id) = param.result_id {
                defs.insert(id, Def::Leaf);
            }
        }
        for (b, block) in function.blocks.iter().enumerate() {
            if let Some(id) = block.label_id() {
                defs.insert(id, Def::Leaf);
            }
            for (i, inst) in block.instructions.iter().enumerate() {
                if let Some(id) = inst.result_id {
                    defs.insert(id, Def::Instruction(f, b, i));
                }
            }
        }
    }
    let mut decorations: FxHashMap<Word, Vec<&Instruction>> = FxHashMap::default();
    for inst in &module.annotations {
        if let Some(Operand::IdRef(target)) = inst.operands.first() {
            decorations.entry(*target).or_default().push(inst);
        }
    }

    let mut marker = Marker {
        live: FxHashSet::default(),
        work: Vec::new(),
    };
    // Module-level roots.
    for inst in module
        .capabilities
        .iter()
        .chain(&module.extensions)
        .chain(&module.ext_inst_imports)
        .chain(&module.memory_model)
        .chain(&module.execution_modes)
        .chain(&module.debug_string_source)
        .chain(&module.debug_module_processed)
    {
        marker.instruction(inst);
    }
    for ep in &module.entry_points {
        match policy {
            InterfacePolicy::Keep => marker.instruction(ep),
            InterfacePolicy::RemoveUnused => {
                if let Some(Operand::IdRef(function)) = ep.operands.get(1) {
                    marker.id(*function);
                }
            }
        }
    }
    for inst in &module.annotations {
        // Decoration groups are kept as they are; only their targets are filtered.
        if inst.class.opcode == Op::DecorationGroup {
            marker.instruction(inst);
        }
    }
    for &id in &facts.pinned {
        marker.id(id);
    }
    for inst in &module.types_global_values {
        let root = match (inst.result_id, inst.class.opcode) {
            (None, _) => true,
            (Some(_), Op::Variable) => global_variable_is_root(inst, policy),
            (Some(_), op) => !ir::is_pure(op),
        };
        if root {
            marker.instruction(inst);
        }
    }

    while let Some(id) = marker.work.pop() {
        match defs.get(&id).copied() {
            Some(Def::Global(i)) => marker.uses_of(&module.types_global_values[i]),
            Some(Def::Function(f)) => {
                let function = &module.functions[f];
                if let Some(def) = &function.def {
                    marker.uses_of(def);
                }
                for inst in function.blocks.iter().flat_map(|b| &b.instructions) {
                    if inst.result_id.is_none()
                        || !is_removable(inst, &facts.glsl, &facts.pure_functions)
                    {
                        marker.instruction(inst);
                    }
                }
            }
            Some(Def::Instruction(f, b, i)) => {
                marker.uses_of(&module.functions[f].blocks[b].instructions[i]);
            }
            Some(Def::Leaf) | None => {}
        }
        // Parameters carry their type as a result type; follow it for every defining kind.
        if let Some(decorations) = decorations.get(&id) {
            for inst in decorations {
                // Operand 0 is the target itself; the rest may name other ids (`OpDecorateId`).
                for used in inst.operands.iter().skip(1).filter_map(Operand::id_ref_any) {
                    marker.id(used);
                }
            }
        }
    }
    // Parameter types are reached through the function type; nothing else to do.
    marker.live
}

/// The worklist of the mark phase.
struct Marker {
    live: FxHashSet<Word>,
    work: Vec<Word>,
}

impl Marker {
    fn id(&mut self, id: Word) {
        if self.live.insert(id) {
            self.work.push(id);
        }
    }

    /// Marks a root instruction: its result if it has one, otherwise what it uses.
    fn instruction(&mut self, inst: &Instruction) {
        match inst.result_id {
            Some(id) => {
                self.id(id);
                // Roots that are not found through `defs` (imports, groups) still need their
                // operands.
                self.uses_of(inst);
            }
            None => self.uses_of(inst),
        }
    }

    fn uses_of(&mut self, inst: &Instruction) {
        for id in ir::used_ids(inst) {
            self.id(id);
        }
    }
}

/// Whether a module-scope variable must stay even when nothing reads it.
fn global_variable_is_root(inst: &Instruction, policy: InterfacePolicy) -> bool {
    let Some(Operand::StorageClass(class)) = inst.operands.first() else {
        return true;
    };
    match class {
        StorageClass::Private | StorageClass::Workgroup => false,
        StorageClass::Input
        | StorageClass::Output
        | StorageClass::Uniform
        | StorageClass::UniformConstant
        | StorageClass::StorageBuffer
        | StorageClass::PushConstant => policy == InterfacePolicy::Keep,
        // Ray payloads, callable data, hit attributes, task payloads and the like are matched by
        // location or by the pipeline, not only through uses; keep them.
        _ => true,
    }
}

/// Removes everything not marked, then the names and decorations of what went. Returns the
/// number of instructions removed.
fn sweep(module: &mut Module, live: &FxHashSet<Word>, policy: InterfacePolicy) -> usize {
    let before = crate::module::instruction_count(module);
    let is_live = |inst: &Instruction| inst.result_id.is_none_or(|id| live.contains(&id));

    module
        .functions
        .retain(|f| f.def_id().is_some_and(|id| live.contains(&id)));
    for function in &mut module.functions {
        for block in &mut function.blocks {
            block.instructions.retain(is_live);
        }
    }
    module.types_global_values.retain(is_live);

    let mut remaining: FxHashSet<Word> = FxHashSet::default();
    for inst in module.all_inst_iter() {
        if let Some(id) = inst.result_id {
            remaining.insert(id);
        }
    }
    let exists = |operand: Option<&Operand>| match operand {
        Some(Operand::IdRef(id)) => remaining.contains(id),
        _ => true,
    };
    module
        .debug_names
        .retain(|inst| exists(inst.operands.first()));
    module
        .annotations
        .retain_mut(|inst| match inst.class.opcode {
            Op::GroupDecorate => {
                let mut operands = inst.operands.iter();
                let group = operands.next().cloned();
                let targets: Vec<Operand> = operands.filter(|o| exists(Some(o))).cloned().collect();
                let keep = !targets.is_empty();
                inst.operands = group.into_iter().chain(targets).collect();
                keep
            }
            Op::GroupMemberDecorate => {
                let group = inst.operands.first().cloned();
                let pairs: Vec<Operand> = inst
                    .operands
                    .get(1..)
                    .unwrap_or_default()
                    .chunks(2)
                    .filter(|pair| exists(pair.first()))
                    .flatten()
                    .cloned()
                    .collect();
                let keep = !pairs.is_empty();
                inst.operands = group.into_iter().chain(pairs).collect();
                keep
            }
            Op::DecorationGroup => true,
            _ => exists(inst.operands.first()),
        });
    if policy == InterfacePolicy::RemoveUnused {
        for ep in &mut module.entry_points {
            let mut index = 0;
            ep.operands.retain(|o| {
                index += 1;
                // Operands 0..3 are the execution model, the function and the name.
                index <= 3 || exists(Some(o))
            });
        }
    }
    before.saturating_sub(crate::module::instruction_count(module))
}

/// Removes parameters that nothing reads from functions that are only ever called (not entry
/// points, not linked, not passed as a value), rewriting their type and every call. Returns
/// the number of parameters removed.
fn prune_parameters(module: &mut Module, live: &FxHashSet<Word>, facts: &Facts) -> usize {
    let function_ids: FxHashSet<Word> =
        module.functions.iter().filter_map(|f| f.def_id()).collect();
    // A function whose id appears anywhere but as the callee of OpFunctionCall keeps its
    // signature.
    let mut escaping: FxHashSet<Word> = FxHashSet::default();
    for inst in module
        .global_inst_iter()
        .filter(|i| {
            !matches!(i.class.opcode, Op::Name | Op::MemberName) && !i.class.opcode.is_annotation()
        })
        .chain(module.functions.iter().flat_map(|f| f.all_inst_iter()))
    {
        for (index, operand) in inst.operands.iter().enumerate() {
            if let Some(id) = operand.id_ref_any() {
                let as_callee = inst.class.opcode == Op::FunctionCall && index == 0;
                if function_ids.contains(&id) && !as_callee {
                    escaping.insert(id);
                }
            }
        }
    }

    let mut rewrites: Vec<(Word, Vec<usize>)> = Vec::new();
    let mut globals = Globals::new(module);
    for f in 0..module.functions.len() {
        let function = &module.functions[f];
        let Some(id) = function.def_id() else {
            continue;
        };
        if facts.entry_functions.contains(&id)
            || facts.linked.contains(&id)
            || escaping.contains(&id)
        {
            continue;
        }
        let dead: Vec<usize> = function
            .parameters
            .iter()
            .enumerate()
            .filter(|(_, p)| p.result_id.is_some_and(|p| !live.contains(&p)))
            .map(|(i, _)| i)
            .collect();
        if dead.is_empty() {
            continue;
        }
        let Some(result_type) = function.def.as_ref().and_then(|d| d.result_type) else {
            continue;
        };
        let kept_types: Option<Vec<Word>> = function
            .parameters
            .iter()
            .enumerate()
            .filter(|(i, _)| !dead.contains(i))
            .map(|(_, p)| p.result_type)
            .collect();
        let Some(kept_types) = kept_types else {
            continue;
        };
        let (new_type, _) = globals.function_type(module, result_type, &kept_types);
        let function = &mut module.functions[f];
        if let Some(def) = function.def.as_mut()
            && let Some(slot) = def.operands.get_mut(1)
        {
            *slot = Operand::IdRef(new_type);
        }
        let mut index = 0;
        function.parameters.retain(|_| {
            index += 1;
            !dead.contains(&(index - 1))
        });
        rewrites.push((id, dead));
    }
    if rewrites.is_empty() {
        return 0;
    }
    let by_callee: FxHashMap<Word, &Vec<usize>> = rewrites.iter().map(|(f, d)| (*f, d)).collect();
    for inst in module
        .functions
        .iter_mut()
        .flat_map(|f| f.blocks.iter_mut())
        .flat_map(|b| b.instructions.iter_mut())
    {
        if inst.class.opcode != Op::FunctionCall {
            continue;
        }
        let Some(Operand::IdRef(callee)) = inst.operands.first() else {
            continue;
        };
        if let Some(dead) = by_callee.get(callee) {
            let mut index = 0;
            // Operand 0 is the callee; argument i is operand i + 1.
            inst.operands.retain(|_| {
                index += 1;
                index == 1 || !dead.contains(&(index - 2))
            });
        }
    }
    rewrites.iter().map(|(_, d)| d.len()).sum()
}
