//! Small helpers over rspirv's data representation shared by the passes: id allocation, type
//! queries, and find-or-add for types and constants (SPIR-V forbids duplicate type declarations).

use rspirv::dr::{Instruction, Module, Operand};
use rspirv::spirv::{self, Op, Word};

/// The FxHash function (rustc's, as in the `rustc-hash` crate): one rotate, xor and multiply
/// per word. The passes hash small integer keys (ids, opcodes) millions of times per module,
/// where std's SipHash took 40% of the run time; no input here is adversarial, so its
/// flooding resistance buys nothing. Written out rather than taken as a dependency to keep the
/// optimiser's dependency set (and the workspace lock file) unchanged.
#[derive(Clone, Copy, Default)]
pub(crate) struct FxHasher {
    hash: u64,
}

impl FxHasher {
    const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

    fn add(&mut self, word: u64) {
        self.hash = (self.hash.rotate_left(5) ^ word).wrapping_mul(Self::SEED);
    }
}

impl std::hash::Hasher for FxHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0; 8];
            word.copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
        for &byte in chunks.remainder() {
            self.add(u64::from(byte));
        }
    }

    fn write_u8(&mut self, i: u8) {
        self.add(u64::from(i));
    }

    fn write_u16(&mut self, i: u16) {
        self.add(u64::from(i));
    }

    fn write_u32(&mut self, i: u32) {
        self.add(u64::from(i));
    }

    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }

    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }

    fn finish(&self) -> u64 {
        self.hash
    }
}

/// A `HashMap` with [`FxHasher`].
pub(crate) type FxHashMap<K, V> =
    std::collections::HashMap<K, V, std::hash::BuildHasherDefault<FxHasher>>;
/// A `HashSet` with [`FxHasher`].
pub(crate) type FxHashSet<T> =
    std::collections::HashSet<T, std::hash::BuildHasherDefault<FxHasher>>;

/// Every id an instruction reads: its result type and its id operands (including `IdScope` and
/// `IdMemorySemantics`, which are ordinary constant ids and must keep their definitions alive).
pub(crate) fn used_ids(inst: &Instruction) -> impl Iterator<Item = Word> + '_ {
    inst.result_type
        .into_iter()
        .chain(inst.operands.iter().filter_map(Operand::id_ref_any))
}

/// Rewrites `inst`'s id operands through `subst` (a removed id → the id that replaces it). The
/// passes map each duplicate to its first occurrence, which is never replaced itself, so one
/// lookup per operand suffices.
pub(crate) fn substitute(inst: &mut Instruction, subst: &FxHashMap<Word, Word>) {
    if subst.is_empty() {
        return;
    }
    for operand in &mut inst.operands {
        if let Some(id) = operand.id_ref_any_mut()
            && let Some(&to) = subst.get(id)
        {
            *id = to;
        }
    }
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
    shapes: FxHashMap<Word, Shape>,
    /// Scalar constants (`OpConstant`, `OpConstantTrue/False`, `OpConstantNull` of scalar type).
    scalar_constants: FxHashMap<Word, Word>,
    by_key: FxHashMap<DeclKey, Word>,
}

impl Globals {
    pub(crate) fn new(module: &Module) -> Self {
        let mut globals = Globals {
            shapes: FxHashMap::default(),
            scalar_constants: FxHashMap::default(),
            by_key: FxHashMap::default(),
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
        if let (true, Some(ty)) = (scalar_constant, inst.result_type)
            && self.shape(ty) == Shape::Scalar
        {
            self.scalar_constants.insert(id, ty);
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

/// Numbers and classes of GLSL.std.450 instructions.
pub(crate) mod glsl {
    pub const MODF: u32 = 35;
    pub const FREXP: u32 = 51;
    pub const INTERPOLATE_AT_CENTROID: u32 = 76;
    pub const INTERPOLATE_AT_OFFSET: u32 = 78;

    /// Whether the instruction only computes its result: all but `Modf` and `Frexp`, which write
    /// through a pointer.
    pub fn is_pure(number: u32) -> bool {
        number != MODF && number != FREXP
    }

    /// `InterpolateAtCentroid`, `InterpolateAtSample` and `InterpolateAtOffset`, which read the
    /// interpolant through a pointer.
    pub fn reads_memory(number: u32) -> bool {
        (INTERPOLATE_AT_CENTROID..=INTERPOLATE_AT_OFFSET).contains(&number)
    }

    /// Instructions that apply independently to each component. Excluded on purpose:
    /// Determinant, MatrixInverse, Modf/ModfStruct and Frexp/FrexpStruct (pointer or struct
    /// results), pack/unpack, Length, Distance, Cross, Normalize, FaceForward, Reflect, Refract
    /// (they mix components), IMix (not a valid instruction), and the InterpolateAt* family
    /// (pointer operand).
    pub fn is_componentwise(number: u32) -> bool {
        matches!(
            number,
            1..=32      // Round .. InverseSqrt: one-operand maths, Atan2 and Pow
            | 37..=46   // FMin UMin SMin FMax UMax SMax FClamp UClamp SClamp FMix
            | 48..=50   // Step SmoothStep Fma
            | 53        // Ldexp
            | 73..=75   // FindILsb FindSMsb FindUMsb
            | 79..=81 // NMin NMax NClamp
        )
    }
}

/// The set and instruction number of an `OpExtInst` from one of the `glsl` import ids.
pub(crate) fn glsl_inst(inst: &Instruction, glsl: &[Word]) -> Option<(Word, u32)> {
    match inst.operands[..] {
        [
            Operand::IdRef(set),
            Operand::LiteralExtInstInteger(number),
            ..,
        ] if inst.class.opcode == Op::ExtInst && glsl.contains(&set) => Some((set, number)),
        _ => None,
    }
}

// Core opcode classes. They nest: every component-wise opcode is a pure computation, and every
// pure computation is pure. Each opcode is listed once, in the narrowest class it belongs to.

/// Core opcodes that apply independently to each component, so scalar copies of them can be
/// replaced by one vector instruction.
pub(crate) fn is_componentwise(op: Op) -> bool {
    use Op::*;
    matches!(
        op,
        FAdd | FSub
            | FMul
            | FDiv
            | FRem
            | FMod
            | IAdd
            | ISub
            | IMul
            | UDiv
            | SDiv
            | UMod
            | SRem
            | SMod
            | FNegate
            | SNegate
            | Not
            | BitwiseAnd
            | BitwiseOr
            | BitwiseXor
            | ShiftLeftLogical
            | ShiftRightLogical
            | ShiftRightArithmetic
            | BitReverse
            | BitCount
            | LogicalAnd
            | LogicalOr
            | LogicalNot
            | LogicalEqual
            | LogicalNotEqual
            | Select
            | IEqual
            | INotEqual
            | UGreaterThan
            | SGreaterThan
            | UGreaterThanEqual
            | SGreaterThanEqual
            | ULessThan
            | SLessThan
            | ULessThanEqual
            | SLessThanEqual
            | FOrdEqual
            | FUnordEqual
            | FOrdNotEqual
            | FUnordNotEqual
            | FOrdLessThan
            | FUnordLessThan
            | FOrdGreaterThan
            | FUnordGreaterThan
            | FOrdLessThanEqual
            | FUnordLessThanEqual
            | FOrdGreaterThanEqual
            | FUnordGreaterThanEqual
            | IsNan
            | IsInf
            | IsFinite
            | IsNormal
            | ConvertFToU
            | ConvertFToS
            | ConvertSToF
            | ConvertUToF
            | UConvert
            | SConvert
            | FConvert
            | QuantizeToF16
            | Bitcast
    )
}

/// Core opcodes whose result depends only on their operands: they read no memory and do not
/// depend on where they execute, so two with the same operands can be merged.
pub(crate) fn is_pure_computation(op: Op) -> bool {
    use Op::*;
    match op {
        // Component-wise, but Offset and Count stay scalar for a vector Base: not vectorisable.
        BitFieldInsert | BitFieldSExtract | BitFieldUExtract => true,
        // Reduce, combine or move components rather than applying to each one.
        Any | All | VectorTimesScalar | MatrixTimesScalar | VectorTimesMatrix
        | MatrixTimesVector | MatrixTimesMatrix | OuterProduct | Dot | Transpose
        | VectorShuffle | CompositeConstruct | CompositeExtract | CompositeInsert
        | VectorExtractDynamic | VectorInsertDynamic => true,
        // A plain copy, of any type: nothing to vectorise.
        CopyObject => true,
        _ => is_componentwise(op),
    }
}

/// Opcodes that compute a value and do nothing else, so they may be deleted when their result is
/// unused. Anything not listed (atomics, ray tracing and ray query instructions, group
/// operations, new or vendor opcodes) is assumed to have effects.
pub(crate) fn is_pure(op: Op) -> bool {
    use Op::*;
    match op {
        // Declares no result of its own (it names the pointer type it announces): always kept.
        TypeForwardPointer => false,
        _ if op.is_type() => true,
        // Declarations and allocations: module-level or unique per instruction, never merged.
        Undef
        | Constant
        | ConstantTrue
        | ConstantFalse
        | ConstantNull
        | ConstantComposite
        | ConstantSampler
        | SpecConstant
        | SpecConstantTrue
        | SpecConstantFalse
        | SpecConstantComposite
        | SpecConstantOp
        | Variable => true,
        // Pointer computations, image accesses and Phi: depend on memory or position.
        AccessChain
        | InBoundsAccessChain
        | PtrAccessChain
        | InBoundsPtrAccessChain
        | ArrayLength
        | ConvertPtrToU
        | ConvertUToPtr
        | Phi
        | SampledImage
        | Image
        | ImageSampleImplicitLod
        | ImageSampleExplicitLod
        | ImageSampleDrefImplicitLod
        | ImageSampleDrefExplicitLod
        | ImageSampleProjImplicitLod
        | ImageSampleProjExplicitLod
        | ImageSampleProjDrefImplicitLod
        | ImageSampleProjDrefExplicitLod
        | ImageFetch
        | ImageGather
        | ImageDrefGather
        | ImageRead
        | ImageQueryFormat
        | ImageQueryOrder
        | ImageQuerySizeLod
        | ImageQuerySize
        | ImageQueryLod
        | ImageQueryLevels
        | ImageQuerySamples
        | ImageSparseSampleImplicitLod
        | ImageSparseSampleExplicitLod
        | ImageSparseSampleDrefImplicitLod
        | ImageSparseSampleDrefExplicitLod
        | ImageSparseFetch
        | ImageSparseGather
        | ImageSparseDrefGather
        | ImageSparseTexelsResident
        | ImageSparseRead
        | ImageTexelPointer => true,
        // Derivatives read neighbouring invocations, so they depend on where they execute.
        DPdx | DPdy | Fwidth | DPdxFine | DPdyFine | FwidthFine | DPdxCoarse | DPdyCoarse
        | FwidthCoarse => true,
        // Position-independent too, but the CSE pass has never merged them; kept out to keep it so.
        CopyLogical | IAddCarry | ISubBorrow | UMulExtended | SMulExtended | SignBitSet
        | Ordered | Unordered => true,
        _ => is_pure_computation(op),
    }
}

/// Whether a decoration kind is one the vectoriser knows how to carry over to the vector op.
pub(crate) fn is_precision_decoration(decoration: spirv::Decoration) -> bool {
    matches!(
        decoration,
        spirv::Decoration::NoContraction | spirv::Decoration::RelaxedPrecision
    )
}
