//! Small lookups over an `rspirv` module shared by the ReShade steps: names, decorations,
//! definitions, fresh ids.

use rspirv::dr::{Instruction, Module, Operand};
use rspirv::spirv::{Decoration, Op, Word};
use std::collections::HashMap;

/// The `OpName` of every id that has one (the first, when several).
pub(crate) fn names(module: &Module) -> HashMap<Word, String> {
    let mut names = HashMap::new();
    for inst in &module.debug_names {
        if inst.class.opcode == Op::Name
            && let [Operand::IdRef(id), Operand::LiteralString(name), ..] = &inst.operands[..]
        {
            names.entry(*id).or_insert_with(|| name.clone());
        }
    }
    names
}

/// The `OpMemberName` of every (struct, member) pair that has one.
pub(crate) fn member_names(module: &Module) -> HashMap<(Word, u32), String> {
    let mut names = HashMap::new();
    for inst in &module.debug_names {
        if inst.class.opcode == Op::MemberName
            && let [
                Operand::IdRef(id),
                Operand::LiteralBit32(member),
                Operand::LiteralString(name),
                ..,
            ] = &inst.operands[..]
        {
            names.entry((*id, *member)).or_insert_with(|| name.clone());
        }
    }
    names
}

/// The first literal of decoration `decoration` on `id` (`OpDecorate id decoration literal`),
/// or `Some(None)`-like absence as `None`.
pub(crate) fn decoration_literal(module: &Module, id: Word, decoration: Decoration) -> Option<u32> {
    module
        .annotations
        .iter()
        .find_map(|inst| match (inst.class.opcode, &inst.operands[..]) {
            (Op::Decorate, [Operand::IdRef(target), Operand::Decoration(d), rest @ ..])
                if *target == id && *d == decoration =>
            {
                match rest.first() {
                    Some(Operand::LiteralBit32(v)) => Some(*v),
                    _ => Some(0),
                }
            }
            _ => None,
        })
}

/// Every `OpMemberDecorate` of `(struct, member)`: the decoration and its first literal.
pub(crate) fn member_decorations(module: &Module, id: Word, member: u32) -> Vec<(Decoration, u32)> {
    module
        .annotations
        .iter()
        .filter_map(|inst| match (inst.class.opcode, &inst.operands[..]) {
            (
                Op::MemberDecorate,
                [
                    Operand::IdRef(target),
                    Operand::LiteralBit32(m),
                    Operand::Decoration(d),
                    rest @ ..,
                ],
            ) if *target == id && *m == member => {
                let literal = match rest.first() {
                    Some(Operand::LiteralBit32(v)) => *v,
                    _ => 0,
                };
                Some((*d, literal))
            }
            _ => None,
        })
        .collect()
}

/// The instructions of the global section that define an id, by that id.
pub(crate) fn globals(module: &Module) -> HashMap<Word, &Instruction> {
    module
        .types_global_values
        .iter()
        .filter_map(|inst| Some((inst.result_id?, inst)))
        .collect()
}

/// The `IdRef` operand at `index`, if that is what it is.
pub(crate) fn id_operand(inst: &Instruction, index: usize) -> Option<Word> {
    match inst.operands.get(index) {
        Some(Operand::IdRef(id)) => Some(*id),
        _ => None,
    }
}

/// The `LiteralBit32` operand at `index`, if that is what it is.
pub(crate) fn literal_operand(inst: &Instruction, index: usize) -> Option<u32> {
    match inst.operands.get(index) {
        Some(Operand::LiteralBit32(v)) => Some(*v),
        _ => None,
    }
}

/// Hands out ids above the module's bound and raises the bound as it goes.
pub(crate) struct IdAllocator {
    next: Word,
}

impl IdAllocator {
    /// Starts above the header's bound and above every id in use (a module whose header lies
    /// about its bound still gets ids that clash with nothing).
    pub(crate) fn new(module: &Module) -> Self {
        let header = module.header.as_ref().map_or(1, |h| h.bound);
        let used = module
            .all_inst_iter()
            .filter_map(|i| i.result_id)
            .max()
            .map_or(1, |m| m + 1);
        Self {
            next: header.max(used).max(1),
        }
    }

    pub(crate) fn fresh(&mut self) -> Word {
        let id = self.next;
        self.next += 1;
        id
    }

    /// Writes the new bound into the module's header.
    pub(crate) fn finish(self, module: &mut Module) {
        if let Some(header) = module.header.as_mut() {
            header.bound = header.bound.max(self.next);
        }
    }
}
