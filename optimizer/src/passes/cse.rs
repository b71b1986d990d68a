//! Common-subexpression pass: within each block, a pure computation repeated with the same
//! operands is replaced by its first occurrence.
//!
//! Scalarised code repeats work per component (the same `abs(s) + 1` for every lane of a
//! division by a scalar); merging the copies lets the vectoriser see one shared scalar, and the
//! vectoriser's own output can duplicate vector code the module already had. Only instructions
//! that neither read memory nor depend on where they execute are merged, and only when neither
//! copy carries a decoration, so no `NoContraction`, `RelaxedPrecision` or `NonUniform` meaning
//! is lost.

use super::{Pass, PassId};
use crate::error::Error;
use crate::ir::{self, FxHashMap, FxHashSet};
use rspirv::dr::{Instruction, Module, Operand};
use rspirv::spirv::{Op, Word};

/// The common-subexpression pass.
#[derive(Clone, Copy, Debug, Default)]
pub struct Cse;

impl Pass for Cse {
    fn id(&self) -> PassId {
        PassId::Cse
    }

    fn run(&self, module: &mut Module) -> Result<bool, Error> {
        let decorated: FxHashSet<Word> = module
            .annotations
            .iter()
            .filter_map(|i| i.operands.first().and_then(Operand::id_ref_any))
            .collect();
        let glsl = ir::ext_imports_named(module, ir::GLSL_STD_450);
        let mut changed = false;
        for function in &mut module.functions {
            let mut subst: FxHashMap<Word, Word> = FxHashMap::default();
            for block in &mut function.blocks {
                let mut seen: FxHashMap<(Op, Word, Vec<Operand>), Word> = FxHashMap::default();
                for inst in &mut block.instructions {
                    ir::substitute(inst, &subst);
                    let (Some(id), Some(ty)) = (inst.result_id, inst.result_type) else {
                        continue;
                    };
                    if decorated.contains(&id) || !is_mergeable(inst, &glsl) {
                        continue;
                    }
                    match seen.entry((inst.class.opcode, ty, inst.operands.clone())) {
                        std::collections::hash_map::Entry::Occupied(first) => {
                            subst.insert(id, *first.get());
                        }
                        std::collections::hash_map::Entry::Vacant(slot) => {
                            slot.insert(id);
                        }
                    }
                }
            }
            if !subst.is_empty() {
                changed = true;
                // Uses in later blocks (and phis anywhere) are dominated by the duplicate, hence
                // by the first occurrence, which precedes it in the same block.
                for inst in function
                    .blocks
                    .iter_mut()
                    .flat_map(|b| b.instructions.iter_mut())
                {
                    ir::substitute(inst, &subst);
                }
            }
        }
        Ok(changed)
    }
}

/// Pure, memory-free, position-independent computations.
fn is_mergeable(inst: &Instruction, glsl: &[Word]) -> bool {
    match inst.class.opcode {
        // Interpolation is pure but reads the interpolant, so two copies may differ.
        Op::ExtInst => ir::glsl_inst(inst, glsl)
            .is_some_and(|(_, n)| ir::glsl::is_pure(n) && !ir::glsl::reads_memory(n)),
        op => ir::is_pure_computation(op),
    }
}
