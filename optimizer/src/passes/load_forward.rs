//! Load-forwarding pass: within a block, a load from memory this invocation already loaded, with
//! nothing in between that may write it, reuses the earlier value; repeated access chains with
//! the same base and indices are merged first so that reloads through fresh chains are seen.
//!
//! glslang, DXC and naga reload a value for every use: `smoothstep(p.lo, p.hi, p.v.x)` written
//! per lane loads `p.lo` and `p.hi` three times, so the three `SmoothStep`s have different
//! operands and the vectoriser cannot see the shared scalar. After this pass they share one.
//!
//! Safety rules (each has a test in `tests/miscompiles.rs`). Between the two loads, the earlier
//! value is forgotten at:
//! - an `OpStore`/`OpCopyMemory(Sized)` whose target might alias: one with the same root
//!   variable, one whose root is not a known `OpVariable`, or, for memory that other bindings
//!   may share (storage and uniform buffers, workgroup memory, images, ...), any store to memory
//!   of that kind;
//! - any atomic, barrier, image write, or instruction the pass does not know (it may write);
//! - an `OpFunctionCall`, unless the callee (and everything it calls) only writes its own
//!   function-local variables.
//!
//! Loads are never forwarded from `Volatile` or `Coherent` memory (the variable, or any struct
//! member of its type), nor when either load's memory operands carry `Volatile`,
//! `MakePointerVisible` or `NonPrivatePointer`, nor when the pointer's root is not a known
//! `OpVariable`, nor across blocks. A barrier forgets everything, which covers workgroup memory
//! written by other invocations. Decorated results stay (only a `RelaxedPrecision` shared by
//! both loads is allowed), as do decorated access chains (`NonUniform`).

use super::{Pass, PassId};
use crate::error::Error;
use crate::ir::{self, FxHashMap, FxHashSet};
use rspirv::dr::{Function, Instruction, Module, Operand};
use rspirv::spirv::{Decoration, MemoryAccess, Op, StorageClass, Word};

/// The load-forwarding pass.
#[derive(Clone, Copy, Debug, Default)]
pub struct LoadForward;

impl Pass for LoadForward {
    fn id(&self) -> PassId {
        PassId::LoadForward
    }

    /// Its work is loads, stores and access chains: no other pass creates, moves or merges
    /// those (CSE and the vectoriser leave memory instructions alone, prune only drops unused
    /// results), and one walk forwards every reload of a block, so later runs find nothing.
    fn fed_by_other_passes(&self) -> bool {
        false
    }

    fn run(&self, module: &mut Module) -> Result<bool, Error> {
        let facts = Facts::new(module);
        let mut removed = FxHashSet::default();
        for function in &mut module.functions {
            forward_function(&facts, function, &mut removed);
        }
        if removed.is_empty() {
            return Ok(false);
        }
        // Only undecorated results (or ones carrying `RelaxedPrecision`) are removed; drop the
        // names and decorations that pointed at them so the module stays valid on its own.
        let targets_removed = |inst: &Instruction| matches!(inst.operands.first(), Some(Operand::IdRef(id)) if removed.contains(id));
        module.debug_names.retain(|i| !targets_removed(i));
        module.annotations.retain(|i| !targets_removed(i));
        Ok(true)
    }
}

/// Where a pointer points, as far as the pass can tell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Root {
    variable: Word,
    class: StorageClass,
}

/// Whether memory of this class may be reached through another binding or variable: buffers
/// bound twice, workgroup blocks under explicit layout, images over the same memory. A store to
/// any of it forgets every load from any of it.
fn may_be_shared(class: StorageClass) -> bool {
    !matches!(
        class,
        StorageClass::Function | StorageClass::Private | StorageClass::Input | StorageClass::Output
    )
}

/// What one instruction may do to memory.
enum Effect {
    /// Writes nothing.
    None,
    /// Writes through this pointer only.
    Store(Word),
    /// May write anything, or orders memory with other invocations.
    Anything,
}

/// Module-wide facts the walk needs.
struct Facts {
    /// Module-scope variables and their storage classes.
    globals: FxHashMap<Word, StorageClass>,
    /// Variables whose memory is `Volatile` or `Coherent`, by decoration or through their type.
    volatile: FxHashSet<Word>,
    /// Decorations by target: `OpDecorate`s as they are, decoration groups as `Volatile`, and
    /// `OpDecorateId`/`OpDecorateString` as `UserSemantic` (any decoration but
    /// `RelaxedPrecision` keeps a load or chain as it is).
    decorations: FxHashMap<Word, Vec<Decoration>>,
    /// `GLSL.std.450` import ids.
    glsl: Vec<Word>,
    /// `NonSemantic.*` import ids: by definition they change no memory the shader sees.
    non_semantic: Vec<Word>,
    /// Functions that write no memory their caller can see.
    effect_free: FxHashSet<Word>,
    /// Each `OpConstant` → the first one of the same type and value, so that chains indexing
    /// with duplicate constants (legal, and what some builders emit) are seen as the same.
    canonical_constants: FxHashMap<Word, Word>,
}

impl Facts {
    fn new(module: &Module) -> Facts {
        let mut decorations: FxHashMap<Word, Vec<Decoration>> = FxHashMap::default();
        let mut volatile_members = FxHashSet::default();
        for inst in &module.annotations {
            match (inst.class.opcode, &inst.operands[..]) {
                (Op::Decorate, [Operand::IdRef(t), Operand::Decoration(d), ..]) => {
                    decorations.entry(*t).or_default().push(*d);
                }
                (Op::MemberDecorate, [Operand::IdRef(t), _, Operand::Decoration(d), ..])
                    if is_volatile(*d) =>
                {
                    volatile_members.insert(*t);
                }
                (Op::MemberDecorate | Op::MemberDecorateString, _) => {}
                // Decoration groups are not modelled: their targets are treated as Volatile,
                // and structs given member decorations through them as having a Volatile member.
                (Op::GroupDecorate, [_, targets @ ..]) => {
                    for t in targets.iter().filter_map(Operand::id_ref_any) {
                        decorations.entry(t).or_default().push(Decoration::Volatile);
                    }
                }
                (Op::GroupMemberDecorate, [_, pairs @ ..]) => {
                    volatile_members.extend(pairs.iter().filter_map(Operand::id_ref_any));
                }
                // `OpDecorateId` and `OpDecorateString` cannot say Volatile or Coherent, but a
                // result carrying them (`UserSemantic`, `CounterBuffer`, ...) is left alone.
                (_, [Operand::IdRef(t), ..]) => {
                    decorations
                        .entry(*t)
                        .or_default()
                        .push(Decoration::UserSemantic);
                }
                _ => {}
            }
        }
        let volatile_types = volatile_types(module, &volatile_members);
        let mut globals = FxHashMap::default();
        let mut volatile = FxHashSet::default();
        let pointees = pointees(module);
        let mut note_variable = |inst: &Instruction, globals: &mut FxHashMap<_, _>| {
            let (Some(id), Some(ty), Some(Operand::StorageClass(class))) =
                (inst.result_id, inst.result_type, inst.operands.first())
            else {
                return;
            };
            globals.insert(id, *class);
            let decorated = decorations
                .get(&id)
                .is_some_and(|d| d.iter().any(|d| is_volatile(*d)));
            let typed = pointees
                .get(&ty)
                .is_none_or(|pointee| volatile_types.contains(pointee));
            if decorated || typed {
                volatile.insert(id);
            }
        };
        for inst in &module.types_global_values {
            if inst.class.opcode == Op::Variable {
                note_variable(inst, &mut globals);
            }
        }
        // Function-local variables share the volatility facts but not the global map.
        let mut locals = FxHashMap::default();
        for inst in module
            .functions
            .iter()
            .flat_map(|f| f.blocks.iter())
            .flat_map(|b| b.instructions.iter())
            .filter(|i| i.class.opcode == Op::Variable)
        {
            note_variable(inst, &mut locals);
        }
        let mut facts = Facts {
            globals,
            volatile,
            decorations,
            glsl: ir::ext_imports_named(module, ir::GLSL_STD_450),
            non_semantic: module
                .ext_inst_imports
                .iter()
                .filter(|i| {
                    matches!(i.operands.first(),
                        Some(Operand::LiteralString(s)) if s.starts_with("NonSemantic."))
                })
                .filter_map(|i| i.result_id)
                .collect(),
            effect_free: FxHashSet::default(),
            canonical_constants: canonical_constants(module),
        };
        facts.effect_free = facts.effect_free_functions(module);
        facts
    }

    /// What `inst` may write.
    fn effect(&self, inst: &Instruction) -> Effect {
        match inst.class.opcode {
            Op::Load => Effect::None,
            Op::Store | Op::CopyMemory | Op::CopyMemorySized => match inst.operands.first() {
                Some(Operand::IdRef(target)) => Effect::Store(*target),
                _ => Effect::Anything,
            },
            Op::FunctionCall => match inst.operands.first() {
                Some(Operand::IdRef(callee)) if self.effect_free.contains(callee) => Effect::None,
                _ => Effect::Anything,
            },
            Op::ExtInst => match inst.operands.first() {
                Some(Operand::IdRef(set)) if self.non_semantic.contains(set) => Effect::None,
                _ => match ir::glsl_inst(inst, &self.glsl) {
                    // Modf and Frexp write through a pointer: treated as writing anything.
                    Some((_, number)) if ir::glsl::is_pure(number) => Effect::None,
                    _ => Effect::Anything,
                },
            },
            Op::Line
            | Op::NoLine
            | Op::Nop
            | Op::SelectionMerge
            | Op::LoopMerge
            | Op::Branch
            | Op::BranchConditional
            | Op::Switch
            | Op::Return
            | Op::ReturnValue
            | Op::Unreachable => Effect::None,
            // Everything `is_pure` lists (arithmetic, access chains, image reads and samples,
            // local variable declarations) writes nothing; anything else (atomics, barriers,
            // image writes, demotes, ray tracing, unknown opcodes) may.
            op if ir::is_pure(op) => Effect::None,
            _ => Effect::Anything,
        }
    }

    /// Functions whose only writes go to their own `Function` variables, and whose callees are
    /// such functions too. Shaders cannot recurse, so a few rounds settle it.
    fn effect_free_functions(&self, module: &Module) -> FxHashSet<Word> {
        let mut free: FxHashSet<Word> = FxHashSet::default();
        loop {
            let before = free.len();
            for function in &module.functions {
                let Some(id) = function.def_id() else {
                    continue;
                };
                if free.contains(&id) {
                    continue;
                }
                let roots = roots(self, function);
                let own = |target: Word| {
                    roots.get(&target).is_some_and(|r| {
                        r.class == StorageClass::Function && !self.globals.contains_key(&r.variable)
                    })
                };
                let ok = function
                    .blocks
                    .iter()
                    .flat_map(|b| b.instructions.iter())
                    .all(|inst| match inst.class.opcode {
                        Op::FunctionCall => matches!(
                            inst.operands.first(),
                            Some(Operand::IdRef(c)) if free.contains(c)
                        ),
                        _ => match self.effect(inst) {
                            Effect::None => true,
                            Effect::Store(target) => own(target),
                            Effect::Anything => false,
                        },
                    });
                if ok {
                    free.insert(id);
                }
            }
            if free.len() == before {
                return free;
            }
        }
    }

    /// Whether a load's result may be replaced by, or stand for, another's: undecorated, or
    /// `RelaxedPrecision` only. Returns the precision flag, which both loads must share.
    fn load_key(&self, id: Word) -> Option<bool> {
        match self.decorations.get(&id).map(Vec::as_slice) {
            None | Some([]) => Some(false),
            Some(set) if set.iter().all(|d| *d == Decoration::RelaxedPrecision) => Some(true),
            Some(_) => None,
        }
    }
}

fn is_volatile(decoration: Decoration) -> bool {
    matches!(decoration, Decoration::Volatile | Decoration::Coherent)
}

/// Maps every `OpConstant` to the first declared with the same type and value.
fn canonical_constants(module: &Module) -> FxHashMap<Word, Word> {
    let mut first: FxHashMap<(Word, &[Operand]), Word> = FxHashMap::default();
    let mut canonical = FxHashMap::default();
    for inst in &module.types_global_values {
        if let (Op::Constant, Some(id), Some(ty)) =
            (inst.class.opcode, inst.result_id, inst.result_type)
        {
            let to = *first.entry((ty, &inst.operands[..])).or_insert(id);
            canonical.insert(id, to);
        }
    }
    canonical
}

/// Pointer type → pointee type.
fn pointees(module: &Module) -> FxHashMap<Word, Word> {
    module
        .types_global_values
        .iter()
        .filter(|i| i.class.opcode == Op::TypePointer)
        .filter_map(|i| Some((i.result_id?, i.operands.get(1)?.id_ref_any()?)))
        .collect()
}

/// Types that contain a `Volatile` or `Coherent` struct member, directly or through arrays and
/// nested structs. Types are declared before use, so one walk in order suffices.
fn volatile_types(module: &Module, volatile_members: &FxHashSet<Word>) -> FxHashSet<Word> {
    let mut set = FxHashSet::default();
    for inst in &module.types_global_values {
        let Some(id) = inst.result_id else { continue };
        let contains = match inst.class.opcode {
            Op::TypeStruct => {
                volatile_members.contains(&id)
                    || inst
                        .operands
                        .iter()
                        .filter_map(Operand::id_ref_any)
                        .any(|m| set.contains(&m))
            }
            Op::TypeArray | Op::TypeRuntimeArray => inst
                .operands
                .first()
                .and_then(Operand::id_ref_any)
                .is_some_and(|e| set.contains(&e)),
            _ => false,
        };
        if contains {
            set.insert(id);
        }
    }
    set
}

/// The root variable of every pointer of `function` whose root is known: variables themselves,
/// and access chains or copies of pointers with known roots. Function parameters, loaded or
/// converted pointers and anything else have no entry.
fn roots(facts: &Facts, function: &Function) -> FxHashMap<Word, Root> {
    let mut roots: FxHashMap<Word, Root> = facts
        .globals
        .iter()
        .map(|(&variable, &class)| (variable, Root { variable, class }))
        .collect();
    // Blocks appear in dominance order, so a base is seen before the chains built on it.
    for inst in function.blocks.iter().flat_map(|b| b.instructions.iter()) {
        let Some(id) = inst.result_id else { continue };
        match (inst.class.opcode, inst.operands.first()) {
            (Op::Variable, Some(Operand::StorageClass(class))) => {
                roots.insert(
                    id,
                    Root {
                        variable: id,
                        class: *class,
                    },
                );
            }
            (
                Op::AccessChain | Op::InBoundsAccessChain | Op::CopyObject,
                Some(Operand::IdRef(base)),
            ) => {
                if let Some(&root) = roots.get(base) {
                    roots.insert(id, root);
                }
            }
            _ => {}
        }
    }
    roots
}

/// Whether a load's memory operands allow reusing or replacing its value: none, `Aligned` or
/// `Nontemporal` only.
fn plain_access(inst: &Instruction) -> bool {
    match inst.operands.get(1) {
        None => true,
        Some(Operand::MemoryAccess(access)) => {
            (*access & !(MemoryAccess::ALIGNED | MemoryAccess::NONTEMPORAL)).is_empty()
        }
        Some(_) => false,
    }
}

/// A load the walk can still reuse.
struct Available {
    id: Word,
    ty: Word,
    relaxed: bool,
    root: Root,
}

/// Forwards loads and merges access chains in every block of `function`, recording the ids it
/// removed.
fn forward_function(facts: &Facts, function: &mut Function, removed: &mut FxHashSet<Word>) {
    let roots = roots(facts, function);
    let mut subst: FxHashMap<Word, Word> = FxHashMap::default();
    for block in &mut function.blocks {
        // Pointer arithmetic reads no memory, so chains stay equivalent across stores.
        let mut chains: FxHashMap<(Op, Word, Vec<Operand>), Word> = FxHashMap::default();
        let mut loads: FxHashMap<Word, Available> = FxHashMap::default();
        for inst in &mut block.instructions {
            ir::substitute(inst, &subst);
            let op = inst.class.opcode;
            let (id, ty) = (inst.result_id, inst.result_type);
            match (op, id, ty) {
                (Op::AccessChain | Op::InBoundsAccessChain, Some(id), Some(ty))
                    if !facts.decorations.contains_key(&id) =>
                {
                    let operands = inst
                        .operands
                        .iter()
                        .map(|o| match o {
                            Operand::IdRef(c) => Operand::IdRef(
                                facts.canonical_constants.get(c).copied().unwrap_or(*c),
                            ),
                            other => other.clone(),
                        })
                        .collect();
                    match chains.entry((op, ty, operands)) {
                        std::collections::hash_map::Entry::Occupied(first) => {
                            subst.insert(id, *first.get());
                        }
                        std::collections::hash_map::Entry::Vacant(slot) => {
                            slot.insert(id);
                        }
                    }
                }
                (Op::Load, Some(id), Some(ty)) => {
                    let Some(Operand::IdRef(pointer)) = inst.operands.first() else {
                        continue;
                    };
                    let (Some(&root), Some(relaxed)) = (roots.get(pointer), facts.load_key(id))
                    else {
                        continue;
                    };
                    if facts.volatile.contains(&root.variable) || !plain_access(inst) {
                        continue;
                    }
                    match loads.get(pointer) {
                        Some(earlier) if earlier.ty == ty && earlier.relaxed == relaxed => {
                            subst.insert(id, earlier.id);
                        }
                        _ => {
                            loads.insert(
                                *pointer,
                                Available {
                                    id,
                                    ty,
                                    relaxed,
                                    root,
                                },
                            );
                        }
                    }
                }
                _ => match facts.effect(inst) {
                    Effect::None => {}
                    Effect::Anything => loads.clear(),
                    Effect::Store(target) => match roots.get(&target) {
                        Some(written) => loads.retain(|_, l| {
                            l.root.variable != written.variable
                                && !(may_be_shared(written.class) && may_be_shared(l.root.class))
                        }),
                        None => loads.clear(),
                    },
                },
            }
        }
    }
    if subst.is_empty() {
        return;
    }
    // Uses in later blocks (and phis anywhere) are dominated by the removed instruction, hence
    // by its replacement, which precedes it in the same block.
    for block in &mut function.blocks {
        block
            .instructions
            .retain(|i| i.result_id.is_none_or(|id| !subst.contains_key(&id)));
        for inst in &mut block.instructions {
            ir::substitute(inst, &subst);
        }
    }
    removed.extend(subst.keys().copied());
}
