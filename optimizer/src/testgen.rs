//! Generator of scalarised compute shaders for differential tests: the code rust-gpu emits for
//! vector maths, written out lane by lane, so that the vectorise pass has work to do and a GPU
//! run of the input and the output can be compared.
//!
//! Every generated module is a GLSL-style compute shader (SPIR-V 1.3, Vulkan memory layout):
//!
//! - `set 0, binding 0` and `binding 1`: read-only storage buffers `{ vec4<f32> data[]; }`;
//! - `set 0, binding 2`: a storage buffer of the same shape that receives the results;
//! - workgroup size [`WORKGROUP_SIZE`]×1×1, one invocation per `vec4` element: invocation `i`
//!   writes `out[i] = f(a[i], b[i])` when `i < out.length()`, so any dispatch covering the
//!   buffer is correct.
//!
//! `f` is a random chain of component-wise maths, extracted per component: `FAdd`, `FSub`,
//! `FMul`, `FDiv`, `FNegate`, GLSL `FMin`, `FMax`, `FClamp`, `FMix`, `Fma`, `Pow`, `Step`,
//! `SmoothStep`, `Floor`, `Fract`, `Sqrt`, `FAbs`, and comparisons feeding `Select`. Domains are
//! kept safe: `Pow` takes `abs(x) + 1` and an exponent clamped to [-2, 2], `Sqrt` takes `abs(x)`,
//! division is by `abs(y) + 1`, and growing results are clamped to [-16, 16], so for inputs
//! in [-4, 4] no lane produces NaN or infinity.

use rspirv::dr::{Builder, InsertPoint, Instruction, Operand};
use rspirv::spirv::{
    AddressingModel, Capability, Decoration, ExecutionMode, ExecutionModel, FunctionControl,
    MemoryModel, Op, SelectionControl, StorageClass, Word,
};
use std::collections::HashMap;

/// Invocations per workgroup along x.
pub const WORKGROUP_SIZE: u32 = 64;

/// Number of maths steps in [`compute_shader`].
pub const DEFAULT_STEPS: usize = 24;

/// GLSL.std.450 instruction numbers used here.
mod glsl {
    pub const FABS: u32 = 4;
    pub const FLOOR: u32 = 8;
    pub const FRACT: u32 = 10;
    pub const POW: u32 = 26;
    pub const SQRT: u32 = 31;
    pub const FMIN: u32 = 37;
    pub const FMAX: u32 = 40;
    pub const FCLAMP: u32 = 43;
    pub const FMIX: u32 = 46;
    pub const STEP: u32 = 48;
    pub const SMOOTHSTEP: u32 = 49;
    pub const FMA: u32 = 50;
}

/// A scalarised compute shader with [`DEFAULT_STEPS`] steps of maths, as SPIR-V words.
pub fn compute_shader(seed: u64) -> Vec<u32> {
    compute_shader_sized(seed, DEFAULT_STEPS)
}

/// A scalarised compute shader with `steps` steps of maths; the module grows linearly with
/// `steps`, which the scaling benchmark relies on.
pub fn compute_shader_sized(seed: u64, steps: usize) -> Vec<u32> {
    use rspirv::binary::Assemble;
    Generator::new(seed).build(steps).assemble()
}

/// splitmix64: tiny, well-distributed, and reproducible across platforms.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    /// A float in [lo, hi), rounded to a quarter so constants read well in listings.
    fn quarter(&mut self, lo: f32, hi: f32) -> f32 {
        let steps = ((hi - lo) * 4.0) as usize;
        lo + self.below(steps) as f32 * 0.25
    }
}

/// One vec4 value, as its four scalar lanes.
type Lanes = [Word; 4];

/// How the second (and third) operands of a step are formed, to exercise every group kind of
/// the vectoriser.
#[derive(Clone, Copy)]
enum Operand2 {
    /// Another value of the pool, lane for lane.
    Value,
    /// Another value with its lanes permuted (a shuffle).
    Swizzled,
    /// One scalar constant in every lane.
    SplatConstant,
    /// One lane of another value in every lane.
    SplatLane,
    /// A different constant in each lane.
    Constants,
}

struct Generator {
    b: Builder,
    rng: Rng,
    float: Word,
    boolean: Word,
    glsl: Word,
    constants: HashMap<u32, Word>,
    pool: Vec<Lanes>,
}

impl Generator {
    fn new(seed: u64) -> Generator {
        let mut b = Builder::new();
        b.set_version(1, 3);
        b.capability(Capability::Shader);
        b.memory_model(AddressingModel::Logical, MemoryModel::GLSL450);
        let glsl = b.ext_inst_import("GLSL.std.450");
        let float = b.type_float(32, None);
        let boolean = b.type_bool();
        Generator {
            b,
            rng: Rng(seed),
            float,
            boolean,
            glsl,
            constants: HashMap::new(),
            pool: Vec::new(),
        }
    }

    fn constant(&mut self, value: f32) -> Word {
        if let Some(&id) = self.constants.get(&value.to_bits()) {
            return id;
        }
        let id = self.b.constant_bit32(self.float, value.to_bits());
        self.constants.insert(value.to_bits(), id);
        id
    }

    /// Appends an instruction to the current block and returns its result.
    fn emit(&mut self, op: Op, ty: Word, operands: &[Word]) -> Word {
        let id = self.b.id();
        let operands = operands.iter().map(|&w| Operand::IdRef(w)).collect();
        let inst = Instruction::new(op, Some(ty), Some(id), operands);
        self.b
            .insert_into_block(InsertPoint::End, inst)
            .expect("a block is open while the body is generated");
        id
    }

    fn ext(&mut self, number: u32, operands: &[Word]) -> Word {
        let id = self.b.id();
        let mut all = vec![
            Operand::IdRef(self.glsl),
            Operand::LiteralExtInstInteger(number),
        ];
        all.extend(operands.iter().map(|&w| Operand::IdRef(w)));
        let inst = Instruction::new(Op::ExtInst, Some(self.float), Some(id), all);
        self.b
            .insert_into_block(InsertPoint::End, inst)
            .expect("a block is open while the body is generated");
        id
    }

    fn pick(&mut self) -> Lanes {
        let i = self.rng.below(self.pool.len());
        self.pool[i]
    }

    /// A second operand per lane, of the given kind.
    fn operand(&mut self, kind: Operand2) -> Lanes {
        match kind {
            Operand2::Value => self.pick(),
            Operand2::Swizzled => {
                let v = self.pick();
                let rotate = 1 + self.rng.below(3);
                [0, 1, 2, 3].map(|l| v[(l + rotate) % 4])
            }
            Operand2::SplatConstant => {
                let c = self.rng.quarter(-2.0, 2.0);
                [self.constant(c); 4]
            }
            Operand2::SplatLane => {
                let v = self.pick();
                [v[self.rng.below(4)]; 4]
            }
            Operand2::Constants => {
                let cs = [0; 4].map(|_| self.rng.quarter(-2.0, 2.0));
                cs.map(|c| self.constant(c))
            }
        }
    }

    fn operand_kind(&mut self) -> Operand2 {
        match self.rng.below(6) {
            0 | 1 => Operand2::Value,
            2 => Operand2::Swizzled,
            3 => Operand2::SplatConstant,
            4 => Operand2::SplatLane,
            _ => Operand2::Constants,
        }
    }

    /// Applies `per_lane` to each lane, either lane by lane or step by step, as compilers do.
    fn lanes(&mut self, per_lane: impl Fn(&mut Self, usize) -> Word) -> Lanes {
        [0, 1, 2, 3].map(|l| per_lane(self, l))
    }

    fn clamp16(&mut self, x: Word) -> Word {
        let (lo, hi) = (self.constant(-16.0), self.constant(16.0));
        self.ext(glsl::FCLAMP, &[x, lo, hi])
    }

    /// One random step; returns the new value.
    fn step(&mut self) -> Lanes {
        let x = self.pick();
        let kind = self.operand_kind();
        let y = self.operand(kind);
        let f = self.float;
        match self.rng.below(16) {
            0 => self.lanes(|g, l| {
                let r = g.emit(Op::FAdd, f, &[x[l], y[l]]);
                g.clamp16(r)
            }),
            1 => self.lanes(|g, l| {
                let r = g.emit(Op::FSub, f, &[x[l], y[l]]);
                g.clamp16(r)
            }),
            2 => self.lanes(|g, l| {
                let r = g.emit(Op::FMul, f, &[x[l], y[l]]);
                g.clamp16(r)
            }),
            3 => {
                let one = self.constant(1.0);
                self.lanes(|g, l| {
                    let a = g.ext(glsl::FABS, &[y[l]]);
                    let d = g.emit(Op::FAdd, f, &[a, one]);
                    g.emit(Op::FDiv, f, &[x[l], d])
                })
            }
            4 => self.lanes(|g, l| g.emit(Op::FNegate, f, &[x[l]])),
            5 => self.lanes(|g, l| g.ext(glsl::FMIN, &[x[l], y[l]])),
            6 => self.lanes(|g, l| g.ext(glsl::FMAX, &[y[l], x[l]])),
            7 => {
                let lo = self.rng.quarter(-3.0, 0.0);
                let hi = lo + 0.25 + self.rng.quarter(0.0, 3.0);
                let (lo, hi) = (self.constant(lo), self.constant(hi));
                self.lanes(|g, l| g.ext(glsl::FCLAMP, &[x[l], lo, hi]))
            }
            8 => {
                let t = self.operand(Operand2::Value);
                self.lanes(|g, l| {
                    let a = g.ext(glsl::FRACT, &[t[l]]);
                    g.ext(glsl::FMIX, &[x[l], y[l], a])
                })
            }
            9 => {
                let z = self.pick();
                self.lanes(|g, l| {
                    let r = g.ext(glsl::FMA, &[x[l], y[l], z[l]]);
                    g.clamp16(r)
                })
            }
            10 => {
                let (one, two, minus_two) =
                    (self.constant(1.0), self.constant(2.0), self.constant(-2.0));
                self.lanes(|g, l| {
                    let a = g.ext(glsl::FABS, &[x[l]]);
                    let base = g.emit(Op::FAdd, f, &[a, one]);
                    let e = g.ext(glsl::FCLAMP, &[y[l], minus_two, two]);
                    let r = g.ext(glsl::POW, &[base, e]);
                    g.clamp16(r)
                })
            }
            11 => self.lanes(|g, l| g.ext(glsl::STEP, &[y[l], x[l]])),
            12 => {
                let lo = self.rng.quarter(-2.0, 1.0);
                let hi = lo + 0.5 + self.rng.quarter(0.0, 2.0);
                let (lo, hi) = (self.constant(lo), self.constant(hi));
                self.lanes(|g, l| g.ext(glsl::SMOOTHSTEP, &[lo, hi, x[l]]))
            }
            13 => self.lanes(|g, l| g.ext(glsl::FLOOR, &[x[l]])),
            14 => self.lanes(|g, l| {
                let a = g.ext(glsl::FABS, &[x[l]]);
                g.ext(glsl::SQRT, &[a])
            }),
            _ => {
                let z = self.pick();
                let boolean = self.boolean;
                self.lanes(|g, l| {
                    let c = g.emit(Op::FOrdLessThan, boolean, &[x[l], y[l]]);
                    g.emit(Op::Select, f, &[c, z[l], x[l]])
                })
            }
        }
    }

    fn build(mut self, steps: usize) -> rspirv::dr::Module {
        let f = self.float;
        let uint = self.b.type_int(32, 0);
        let v3uint = self.b.type_vector(uint, 3);
        let v4float = self.b.type_vector(f, 4);
        let array = self.b.type_runtime_array(v4float);
        self.b
            .decorate(array, Decoration::ArrayStride, [Operand::LiteralBit32(16)]);
        let block = self.b.type_struct([array]);
        self.b.decorate(block, Decoration::Block, []);
        self.b
            .member_decorate(block, 0, Decoration::Offset, [Operand::LiteralBit32(0)]);
        let block_ptr = self
            .b
            .type_pointer(None, StorageClass::StorageBuffer, block);
        let elem_ptr = self
            .b
            .type_pointer(None, StorageClass::StorageBuffer, v4float);
        let mut buffers = [0; 3];
        for (binding, slot) in buffers.iter_mut().enumerate() {
            let var = self
                .b
                .variable(block_ptr, None, StorageClass::StorageBuffer, None);
            self.b
                .decorate(var, Decoration::DescriptorSet, [Operand::LiteralBit32(0)]);
            self.b.decorate(
                var,
                Decoration::Binding,
                [Operand::LiteralBit32(binding as u32)],
            );
            *slot = var;
        }
        self.b.name(buffers[0], "a");
        self.b.name(buffers[1], "b");
        self.b.name(buffers[2], "out");
        let gid_ptr = self.b.type_pointer(None, StorageClass::Input, v3uint);
        let gid = self.b.variable(gid_ptr, None, StorageClass::Input, None);
        self.b.decorate(
            gid,
            Decoration::BuiltIn,
            [Operand::BuiltIn(rspirv::spirv::BuiltIn::GlobalInvocationId)],
        );
        let void = self.b.type_void();
        let fn_type = self.b.type_function(void, []);
        let zero = self.b.constant_bit32(uint, 0);

        let main = self
            .b
            .begin_function(void, None, FunctionControl::NONE, fn_type)
            .expect("no function is open yet");
        self.b.name(main, "main");
        self.b.begin_block(None).expect("the function is open");
        let gid_value = self.emit(Op::Load, v3uint, &[gid]);
        let index = self
            .b
            .composite_extract(uint, None, gid_value, [0])
            .expect("a block is open");
        let length = self
            .b
            .array_length(uint, None, buffers[2], 0)
            .expect("a block is open");
        let boolean = self.boolean;
        let in_bounds = self.emit(Op::ULessThan, boolean, &[index, length]);
        let body = self.b.id();
        let merge = self.b.id();
        self.b
            .selection_merge(merge, SelectionControl::NONE)
            .expect("a block is open");
        self.b
            .branch_conditional(in_bounds, body, merge, [])
            .expect("a block is open");

        self.b
            .begin_block(Some(body))
            .expect("the function is open");
        let mut inputs = [0; 2];
        for (input, &buffer) in inputs.iter_mut().zip(&buffers) {
            let ptr = self.emit(Op::AccessChain, elem_ptr, &[buffer, zero, index]);
            let value = self.emit(Op::Load, v4float, &[ptr]);
            let lanes = [0, 1, 2, 3].map(|l| {
                self.b
                    .composite_extract(f, None, value, [l])
                    .expect("a block is open")
            });
            self.pool.push(lanes);
            *input = value;
        }
        for _ in 0..steps {
            let value = self.step();
            self.pool.push(value);
        }
        let result = *self.pool.last().expect("the pool starts with the inputs");
        let result = self.emit(Op::CompositeConstruct, v4float, &result);
        let out_ptr = self.emit(Op::AccessChain, elem_ptr, &[buffers[2], zero, index]);
        self.b
            .store(out_ptr, result, None, [])
            .expect("a block is open");
        self.b.branch(merge).expect("a block is open");

        self.b
            .begin_block(Some(merge))
            .expect("the function is open");
        self.b.ret().expect("a block is open");
        self.b.end_function().expect("the function is open");
        self.b
            .entry_point(ExecutionModel::GLCompute, main, "main", [gid]);
        self.b
            .execution_mode(main, ExecutionMode::LocalSize, [WORKGROUP_SIZE, 1, 1]);
        self.b.module()
    }
}
