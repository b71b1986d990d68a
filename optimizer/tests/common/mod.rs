//! Helpers shared by the integration tests: corpus access, `spirv-val` policy, and a small
//! builder for hand-made compute shaders.
#![allow(dead_code)] // Each test binary uses a different subset.
#![allow(clippy::unwrap_used)] // Helpers of tests unwrap as the tests do.

use optimizer::spirv_val::{self, Verdict};
use rspirv::dr::{Builder, InsertPoint, Instruction, Module, Operand};
use rspirv::spirv::{
    AddressingModel, Capability, Decoration, ExecutionMode, ExecutionModel, FunctionControl,
    MemoryModel, Op, StorageClass, Word,
};
use std::path::{Path, PathBuf};

/// The shared SPIR-V corpus, read in place (never copied into the project); `None`, after one
/// printed line, when it is absent (see the `corpus` crate).
pub fn corpus_dir() -> Option<PathBuf> {
    corpus::dir("spirv", "this SPIR-V corpus test")
}

/// Every `.spv` file of a corpus subdirectory, sorted; `None` when the corpus is absent.
pub fn corpus_files(subdir: &str) -> Option<Vec<PathBuf>> {
    Some(corpus::files(&corpus_dir()?.join(subdir), "spv"))
}

pub fn read_words(path: &Path) -> Vec<u32> {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    optimizer::words_from_bytes(&bytes).expect("corpus files are whole words")
}

/// Whether `spirv-val` checks should run (see [`spirv_val::checks_enabled`]).
pub fn spirv_val_enabled() -> bool {
    spirv_val::checks_enabled()
}

/// Asserts that `words` validates for Vulkan 1.3 (when spirv-val runs).
pub fn assert_valid(words: &[u32], what: &str) {
    if !spirv_val_enabled() {
        return;
    }
    match spirv_val::validate(words, "vulkan1.3").expect("spirv-val runs") {
        Verdict::Valid => {}
        Verdict::Invalid(message) => panic!(
            "{what} fails spirv-val: {message}\n{}",
            optimizer::listing(words).unwrap_or_default()
        ),
    }
}

pub fn load(words: &[u32]) -> Module {
    rspirv::dr::load_words(words).expect("output parses")
}

/// All instructions inside functions.
pub fn body(module: &Module) -> Vec<Instruction> {
    module
        .functions
        .iter()
        .flat_map(|f| f.blocks.iter())
        .flat_map(|b| b.instructions.iter().cloned())
        .collect()
}

/// Number of `OpExtInst` of GLSL.std.450 instruction `number` whose result type is `ty`.
pub fn count_ext(module: &Module, number: u32, ty: Word) -> usize {
    body(module)
        .iter()
        .filter(|i| {
            i.class.opcode == Op::ExtInst
                && i.result_type == Some(ty)
                && i.operands.get(1) == Some(&Operand::LiteralExtInstInteger(number))
        })
        .count()
}

pub fn count_op(module: &Module, op: Op, ty: Word) -> usize {
    body(module)
        .iter()
        .filter(|i| i.class.opcode == op && i.result_type == Some(ty))
        .count()
}

/// Instruction defining `id`, in the functions.
pub fn def(module: &Module, id: Word) -> Option<Instruction> {
    body(module).into_iter().find(|i| i.result_id == Some(id))
}

/// A compute shader under construction: storage buffers `a` (binding 0), `b` (binding 1) and
/// `out` (binding 2) of `vec4<f32>`, with `a[i]` and `b[i]` loaded in the only block.
pub struct Kit {
    pub b: Builder,
    pub float: Word,
    pub v4float: Word,
    pub uint: Word,
    pub boolean: Word,
    pub glsl: Word,
    pub a: Word,
    pub bv: Word,
    pub index: Word,
    pub out: Word,
    pub elem_ptr: Word,
    pub zero: Word,
    pub main: Word,
    pub gid: Word,
    pub block_ptr: Word,
    /// Scratch slots for tests that build in several steps (a variable made once, a callee
    /// called before it is defined).
    pub shared: Option<Word>,
    pub pure_callee: Option<Word>,
}

impl Kit {
    pub fn new() -> Kit {
        let mut b = Builder::new();
        b.set_version(1, 3);
        b.capability(Capability::Shader);
        b.memory_model(AddressingModel::Logical, MemoryModel::GLSL450);
        let glsl = b.ext_inst_import("GLSL.std.450");
        let float = b.type_float(32, None);
        let boolean = b.type_bool();
        let uint = b.type_int(32, 0);
        let v3uint = b.type_vector(uint, 3);
        let v4float = b.type_vector(float, 4);
        let array = b.type_runtime_array(v4float);
        b.decorate(array, Decoration::ArrayStride, [Operand::LiteralBit32(16)]);
        let block = b.type_struct([array]);
        b.decorate(block, Decoration::Block, []);
        b.member_decorate(block, 0, Decoration::Offset, [Operand::LiteralBit32(0)]);
        let block_ptr = b.type_pointer(None, StorageClass::StorageBuffer, block);
        let elem_ptr = b.type_pointer(None, StorageClass::StorageBuffer, v4float);
        let mut vars = [0; 3];
        for (binding, var) in vars.iter_mut().enumerate() {
            *var = b.variable(block_ptr, None, StorageClass::StorageBuffer, None);
            b.decorate(*var, Decoration::DescriptorSet, [Operand::LiteralBit32(0)]);
            b.decorate(
                *var,
                Decoration::Binding,
                [Operand::LiteralBit32(binding as u32)],
            );
        }
        let gid_ptr = b.type_pointer(None, StorageClass::Input, v3uint);
        let gid = b.variable(gid_ptr, None, StorageClass::Input, None);
        b.decorate(
            gid,
            Decoration::BuiltIn,
            [Operand::BuiltIn(rspirv::spirv::BuiltIn::GlobalInvocationId)],
        );
        let void = b.type_void();
        let fn_type = b.type_function(void, []);
        let zero = b.constant_bit32(uint, 0);
        let main = b
            .begin_function(void, None, FunctionControl::NONE, fn_type)
            .unwrap();
        b.begin_block(None).unwrap();
        let g = b.load(v3uint, None, gid, None, []).unwrap();
        let index = b.composite_extract(uint, None, g, [0]).unwrap();
        let pa = b
            .access_chain(elem_ptr, None, vars[0], [zero, index])
            .unwrap();
        let a = b.load(v4float, None, pa, None, []).unwrap();
        let pb = b
            .access_chain(elem_ptr, None, vars[1], [zero, index])
            .unwrap();
        let bv = b.load(v4float, None, pb, None, []).unwrap();
        Kit {
            b,
            float,
            v4float,
            uint,
            boolean,
            glsl,
            a,
            bv,
            index,
            out: vars[2],
            elem_ptr,
            zero,
            main,
            gid,
            block_ptr,
            shared: None,
            pure_callee: None,
        }
    }

    /// A module-scope variable (the builder would put it in the open block).
    pub fn global_variable(&mut self, ty: Word, class: StorageClass) -> Word {
        let id = self.b.id();
        let inst = Instruction::new(
            Op::Variable,
            Some(ty),
            Some(id),
            vec![Operand::StorageClass(class)],
        );
        self.b.module_mut().types_global_values.push(inst);
        id
    }

    /// The load of `a[i]` or `b[i]` (binding 0 or 1) in an optimised module, if still there.
    pub fn loaded(module: &Module, binding: u32) -> Option<Word> {
        let var = module
            .annotations
            .iter()
            .find_map(|i| match &i.operands[..] {
                [
                    Operand::IdRef(v),
                    Operand::Decoration(Decoration::Binding),
                    Operand::LiteralBit32(b),
                ] if *b == binding => Some(*v),
                _ => None,
            })?;
        let insts = body(module);
        let chain = insts.iter().find(|i| {
            i.class.opcode == Op::AccessChain && i.operands.first() == Some(&Operand::IdRef(var))
        })?;
        let chain = chain.result_id?;
        insts
            .iter()
            .find(|i| {
                i.class.opcode == Op::Load && i.operands.first() == Some(&Operand::IdRef(chain))
            })
            .and_then(|i| i.result_id)
    }

    pub fn lanes(&mut self, v: Word) -> [Word; 4] {
        let f = self.float;
        [0, 1, 2, 3].map(|l| self.b.composite_extract(f, None, v, [l]).unwrap())
    }

    pub fn op(&mut self, op: Op, ty: Word, operands: &[Word]) -> Word {
        let id = self.b.id();
        let ops = operands.iter().map(|&w| Operand::IdRef(w)).collect();
        self.b
            .insert_into_block(
                InsertPoint::End,
                Instruction::new(op, Some(ty), Some(id), ops),
            )
            .unwrap();
        id
    }

    pub fn ext(&mut self, number: u32, operands: &[Word]) -> Word {
        let id = self.b.id();
        let mut ops = vec![
            Operand::IdRef(self.glsl),
            Operand::LiteralExtInstInteger(number),
        ];
        ops.extend(operands.iter().map(|&w| Operand::IdRef(w)));
        self.b
            .insert_into_block(
                InsertPoint::End,
                Instruction::new(Op::ExtInst, Some(self.float), Some(id), ops),
            )
            .unwrap();
        id
    }

    pub fn constant(&mut self, value: f32) -> Word {
        self.b.constant_bit32(self.float, value.to_bits())
    }

    pub fn construct(&mut self, lanes: [Word; 4]) -> Word {
        let ty = self.v4float;
        self.op(Op::CompositeConstruct, ty, &lanes)
    }

    /// Stores `result` to `out[i]`, closes the shader and returns its words.
    pub fn finish(self, result: Word) -> Vec<u32> {
        self.finish_then(result, |_| {})
    }

    /// As [`Kit::finish`], with `after` adding functions (callees) once `main` is closed.
    pub fn finish_then(mut self, result: Word, after: impl FnOnce(&mut Kit)) -> Vec<u32> {
        use rspirv::binary::Assemble;
        let p = self
            .b
            .access_chain(self.elem_ptr, None, self.out, [self.zero, self.index])
            .unwrap();
        self.b.store(p, result, None, []).unwrap();
        self.b.ret().unwrap();
        self.b.end_function().unwrap();
        after(&mut self);
        self.b
            .entry_point(ExecutionModel::GLCompute, self.main, "main", [self.gid]);
        self.b
            .execution_mode(self.main, ExecutionMode::LocalSize, [64, 1, 1]);
        self.b.module().assemble()
    }
}

/// GLSL.std.450 instruction numbers used by the tests.
pub mod glsl {
    pub const FABS: u32 = 4;
    pub const ATAN2: u32 = 25;
    pub const POW: u32 = 26;
    pub const FMIN: u32 = 37;
    pub const FCLAMP: u32 = 43;
    pub const FMIX: u32 = 46;
    pub const STEP: u32 = 48;
    pub const SMOOTHSTEP: u32 = 49;
    pub const FMA: u32 = 50;
    pub const LENGTH: u32 = 66;
    pub const DISTANCE: u32 = 67;
    pub const NORMALIZE: u32 = 69;
    pub const FACEFORWARD: u32 = 70;
    pub const REFLECT: u32 = 71;
    pub const REFRACT: u32 = 72;
}

pub fn optimize(words: &[u32]) -> (Vec<u32>, optimizer::Report) {
    optimizer::optimize(words, &optimizer::Options::default()).expect("optimises")
}
