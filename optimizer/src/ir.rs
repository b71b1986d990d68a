//! Small helpers over rspirv's data representation shared by the passes: id allocation, type
//! queries, and find-or-add for types and constants (SPIR-V forbids duplicate type declarations).

use rspirv::dr::{Instruction, Module, Operand};
use rspirv::spirv::{self, Op, Word};
use std::collections::HashMap;

/// Every id an instruction reads: its result type and its id operands (including `IdScope` and
/// `IdMemorySemantics`, which are ordinary constant ids and must keep their definitions alive).
pub(crate) fn used_ids(inst: &Instruction) -> impl Iterator<Item = Word> + '_ {
    inst.result_type
        .into_iter()
        .chain(inst.operands.iter().filter_map(Operand::id_ref_any))
}

/// Allocates a fresh id by bumping the header's bound.
pub(crate) fn fresh_id(module: &mut Module) -> Word {
    let header = module
        .header
        .get_or_insert_with(|| rspirv::dr::ModuleHeader::new(1));
    let id = header.bound.max(1);
    header.bound = id + 1;
    id
}

/// The shape of a scalar or vector type, as far as the passes care.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Shape {
    /// `OpTypeFloat`, `OpTypeInt` or `OpTypeBool`.
    Scalar,
    /// `OpTypeVector` with its component type and count.
    Vector { component: Word, count: u32 },
    /// Anything else.
    Other,
}

/// Key identifying a type or constant declaration up to its id.
type DeclKey = (Op, Option<Word>, Vec<Operand>);

/// Index of the module's types and constants, for queries and for find-or-add.
pub(crate) struct Globals {
    shapes: HashMap<Word, Shape>,
    /// Scalar constants (`OpConstant`, `OpConstantTrue/False`, `OpConstantNull` of scalar type).
    scalar_constants: HashMap<Word, Word>,
    by_key: HashMap<DeclKey, Word>,
}

impl Globals {
    pub(crate) fn new(module: &Module) -> Self {
        let mut globals = Globals {
            shapes: HashMap::new(),
            scalar_constants: HashMap::new(),
            by_key: HashMap::new(),
        };
        for inst in &module.types_global_values {
            globals.record(inst);
        }
        globals
    }

    fn record(&mut self, inst: &Instruction) {
        let Some(id) = inst.result_id else { return };
        let op = inst.class.opcode;
        match op {
            // Floats with an explicit encoding (bfloat16, fp8) are left alone: their vector
            // forms need capabilities the module may not declare.
            Op::TypeFloat if inst.operands.len() == 1 => {
                self.shapes.insert(id, Shape::Scalar);
            }
            Op::TypeInt | Op::TypeBool => {
                self.shapes.insert(id, Shape::Scalar);
            }
            Op::TypeVector => {
                if let [Operand::IdRef(component), Operand::LiteralBit32(count)] = inst.operands[..]
                {
                    self.shapes.insert(id, Shape::Vector { component, count });
                }
            }
            _ => {}
        }
        let dedupable = op.is_type() && op != Op::TypeForwardPointer && op != Op::TypeStruct
            || matches!(
                op,
                Op::Constant
                    | Op::ConstantTrue
                    | Op::ConstantFalse
                    | Op::ConstantNull
                    | Op::ConstantComposite
            );
        if dedupable {
            self.by_key
                .entry((op, inst.result_type, inst.operands.clone()))
                .or_insert(id);
        }
        let scalar_constant = matches!(
            op,
            Op::Constant | Op::ConstantTrue | Op::ConstantFalse | Op::ConstantNull
        );
        if let (true, Some(ty)) = (scalar_constant, inst.result_type) {
            if self.shape(ty) == Shape::Scalar {
                self.scalar_constants.insert(id, ty);
            }
        }
    }

    pub(crate) fn shape(&self, ty: Word) -> Shape {
        self.shapes.get(&ty).copied().unwrap_or(Shape::Other)
    }

    pub(crate) fn is_scalar_constant(&self, id: Word) -> bool {
        self.scalar_constants.contains_key(&id)
    }

    /// Finds or appends a declaration, returning its id and whether it was added.
    fn find_or_add(
        &mut self,
        module: &mut Module,
        op: Op,
        result_type: Option<Word>,
        operands: Vec<Operand>,
    ) -> (Word, bool) {
        let key = (op, result_type, operands);
        if let Some(&id) = self.by_key.get(&key) {
            return (id, false);
        }
        let id = fresh_id(module);
        // Appending keeps every declaration after the ones it refers to, which already exist.
        let inst = Instruction::new(op, result_type, Some(id), key.2.clone());
        self.record(&inst);
        module.types_global_values.push(inst);
        (id, true)
    }

    /// `OpTypeVector component count`, found or added.
    pub(crate) fn vector_type(
        &mut self,
        module: &mut Module,
        component: Word,
        count: u32,
    ) -> (Word, bool) {
        self.find_or_add(
            module,
            Op::TypeVector,
            None,
            vec![Operand::IdRef(component), Operand::LiteralBit32(count)],
        )
    }

    /// `OpConstantComposite ty parts...`, found or added.
    pub(crate) fn constant_composite(
        &mut self,
        module: &mut Module,
        ty: Word,
        parts: &[Word],
    ) -> (Word, bool) {
        self.find_or_add(
            module,
            Op::ConstantComposite,
            Some(ty),
            parts.iter().map(|&p| Operand::IdRef(p)).collect(),
        )
    }

    /// `OpTypeFunction result params...`, found or added.
    pub(crate) fn function_type(
        &mut self,
        module: &mut Module,
        result: Word,
        params: &[Word],
    ) -> (Word, bool) {
        let operands = std::iter::once(result)
            .chain(params.iter().copied())
            .map(Operand::IdRef)
            .collect();
        self.find_or_add(module, Op::TypeFunction, None, operands)
    }
}

/// Ids of `OpExtInstImport`s whose set name is `name`.
pub(crate) fn ext_imports_named(module: &Module, name: &str) -> Vec<Word> {
    module
        .ext_inst_imports
        .iter()
        .filter(
            |inst| matches!(inst.operands.first(), Some(Operand::LiteralString(s)) if s == name),
        )
        .filter_map(|inst| inst.result_id)
        .collect()
}

/// SPIR-V version of the module as (major, minor).
pub(crate) fn version(module: &Module) -> (u8, u8) {
    module
        .header
        .as_ref()
        .map_or((1, 0), |header| header.version())
}

/// The GLSL.std.450 set's name, as written in `OpExtInstImport`.
pub(crate) const GLSL_STD_450: &str = "GLSL.std.450";

/// Numbers of GLSL.std.450 instructions.
pub(crate) mod glsl {
    pub const MODF: u32 = 35;
    pub const FREXP: u32 = 51;
}

/// Whether a decoration kind is one the vectoriser knows how to carry over to the vector op.
pub(crate) fn is_precision_decoration(decoration: spirv::Decoration) -> bool {
    matches!(
        decoration,
        spirv::Decoration::NoContraction | spirv::Decoration::RelaxedPrecision
    )
}
