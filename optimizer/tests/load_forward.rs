//! Load forwarding on what glslang emits: the GLSL in `tests/glsl/*.comp`, compiled with
//! `glslangValidator -V --target-env vulkan1.1` (`*.spv`) and then `spirv-opt -O` (`*.O.spv`),
//! reloads a buffer value for every lane. After the default passes every reload is gone and the
//! per-lane operations are one vector operation, with the shared scalar splatted once.
//!
//! Regenerate the modules after editing a shader with
//! `glslangValidator -V --target-env vulkan1.1 X.comp -o X.spv && spirv-opt -O X.spv -o X.O.spv`.

mod common;

use common::{assert_valid, body, glsl, load, optimize};
use optimizer::{Options, PassId};
use rspirv::dr::{Module, Operand};
use rspirv::spirv::{Op, Word};
use std::path::Path;

fn fixture(name: &str) -> Vec<u32> {
    common::read_words(
        &Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/glsl")
            .join(name),
    )
}

/// Result type ids of `float` and `v3float`.
fn float_types(module: &Module) -> (Word, Word) {
    let find = |op: Op, pred: &dyn Fn(&[Operand]) -> bool| {
        module
            .types_global_values
            .iter()
            .find(|i| i.class.opcode == op && pred(&i.operands))
            .and_then(|i| i.result_id)
            .expect("type declared")
    };
    let float = find(Op::TypeFloat, &|o| o == [Operand::LiteralBit32(32)]);
    let v3 = find(Op::TypeVector, &|o| {
        o == [Operand::IdRef(float), Operand::LiteralBit32(3)]
    });
    (float, v3)
}

/// What the tests count in a module: loads, and per GLSL instruction (or core opcode) the
/// scalar and vec3 instances.
struct Counts {
    module: Module,
    float: Word,
    v3: Word,
}

impl Counts {
    fn of(words: &[u32]) -> Counts {
        let module = load(words);
        let (float, v3) = float_types(&module);
        Counts { module, float, v3 }
    }

    fn loads(&self) -> usize {
        body(&self.module)
            .iter()
            .filter(|i| i.class.opcode == Op::Load)
            .count()
    }

    /// (scalar, vec3) instances of GLSL.std.450 instruction `number`.
    fn ext(&self, number: u32) -> (usize, usize) {
        (
            common::count_ext(&self.module, number, self.float),
            common::count_ext(&self.module, number, self.v3),
        )
    }

    /// (scalar, vec3) instances of core opcode `op`.
    fn op(&self, op: Op) -> (usize, usize) {
        (
            common::count_op(&self.module, op, self.float),
            common::count_op(&self.module, op, self.v3),
        )
    }

    /// Splats: `OpCompositeConstruct`s whose parts are all the same id.
    fn splats(&self) -> usize {
        body(&self.module)
            .iter()
            .filter(|i| {
                i.class.opcode == Op::CompositeConstruct
                    && i.operands.windows(2).all(|w| w[0] == w[1])
            })
            .count()
    }
}

/// Optimises a fixture with the default passes; both versions must validate.
fn optimised(name: &str) -> (Counts, Counts, optimizer::Report) {
    let words = fixture(name);
    assert_valid(&words, name);
    let (out, report) = optimize(&words);
    assert_valid(&out, &format!("{name} optimised"));
    (Counts::of(&words), Counts::of(&out), report)
}

/// Exact figures for one fixture: loads and instructions, before and after.
struct Expected {
    name: &'static str,
    loads: (usize, usize),
    instructions: (usize, usize),
}

/// Issue #16: `vec3(smoothstep(p.lo, p.hi, p.v.x), ...)` reloads `p.lo` and `p.hi` per lane.
/// Their 6 loads become 2; `p.v.x`, `.y`, `.z` stay 3 loads, gathered by one construct (a
/// vector load would also read `p.v.w`, which the shader never reads); without `-O` one more
/// load reads the local `s` back.
#[test]
fn reloaded_smoothstep_edges_become_one_vector_smoothstep() {
    for expected in [
        Expected {
            name: "smoothstep.spv",
            loads: (10, 6),
            instructions: (82, 74),
        },
        Expected {
            name: "smoothstep.O.spv",
            loads: (9, 5),
            instructions: (73, 69),
        },
    ] {
        let name = expected.name;
        let (before, after, report) = optimised(name);
        assert_eq!(before.ext(glsl::SMOOTHSTEP), (3, 0), "{name} before");
        assert_eq!(after.ext(glsl::SMOOTHSTEP), (0, 1), "{name} after");
        assert_eq!(
            (before.loads(), after.loads()),
            expected.loads,
            "{name} loads"
        );
        assert_eq!(
            after.splats(),
            2,
            "{name}: p.lo and p.hi splatted once each"
        );
        assert_eq!(
            (report.instructions_before, report.instructions_after),
            expected.instructions,
            "{name} instructions"
        );
    }
}

/// The cousins: `mix`, `clamp`, `fma` and a multiplication, each with a reloaded scalar. The
/// stores to `o` between them may alias `p` (both are storage buffers), so each group reloads
/// what it needs once; the multiplication needs no splat (`OpVectorTimesScalar`).
#[test]
fn reloaded_scalars_vectorise_mix_clamp_fma_and_multiplication() {
    for expected in [
        Expected {
            name: "cousins.spv",
            loads: (33, 21),
            instructions: (158, 121),
        },
        Expected {
            name: "cousins.O.spv",
            loads: (33, 21),
            instructions: (135, 121),
        },
    ] {
        let name = expected.name;
        let (before, after, report) = optimised(name);
        for number in [glsl::FMIX, glsl::FCLAMP, glsl::FMA] {
            assert_eq!(before.ext(number), (3, 0), "{name} {number} before");
            assert_eq!(after.ext(number), (0, 1), "{name} {number} after");
        }
        assert_eq!(before.op(Op::FMul), (3, 0), "{name} multiplications before");
        assert_eq!(after.op(Op::FMul), (0, 0), "{name} multiplications after");
        assert_eq!(after.op(Op::VectorTimesScalar), (0, 1), "{name}");
        // t for mix, lo and hi for clamp, k and t for fma.
        assert_eq!(after.splats(), 5, "{name} splats");
        assert_eq!(
            (before.loads(), after.loads()),
            expected.loads,
            "{name} loads"
        );
        assert_eq!(
            (report.instructions_before, report.instructions_after),
            expected.instructions,
            "{name} instructions"
        );
    }
}

/// The pass alone, by name: the 4 reloads go, nothing is vectorised.
#[test]
fn load_forward_runs_alone_by_name() {
    let words = fixture("smoothstep.O.spv");
    let options = Options {
        passes: vec!["load-forward".parse::<PassId>().expect("known pass")],
        ..Options::default()
    };
    let (out, report) = optimizer::optimize(&words, &options).expect("optimises");
    assert_valid(&out, "smoothstep.O.spv, load-forward only");
    let (before, after) = (Counts::of(&words), Counts::of(&out));
    assert_eq!((before.loads(), after.loads()), (9, 5));
    assert_eq!(
        (report.instructions_before, report.instructions_after),
        (73, 69)
    );
    assert_eq!(after.ext(glsl::SMOOTHSTEP), (3, 0), "nothing vectorised");
}

/// A chain rebuilt by one construct (`a * k + t` per lane, glslang without `-O`; with `-O`,
/// spirv-opt fuses it into `Fma`) is vectorised whole in the first walk: the multiplication,
/// nested under the addition, becomes `OpVectorTimesScalar`, and the second iteration only
/// confirms the fixpoint.
#[test]
fn a_chain_rebuilt_by_one_construct_is_vectorised_in_one_walk() {
    let (before, after, report) = optimised("chain.spv");
    assert_eq!(before.op(Op::FMul), (3, 0));
    assert_eq!(before.op(Op::FAdd), (3, 0));
    assert_eq!(after.op(Op::FMul), (0, 0));
    assert_eq!(after.op(Op::VectorTimesScalar), (0, 1));
    assert_eq!(after.op(Op::FAdd), (0, 1));
    assert_eq!(after.splats(), 1, "t splatted, k multiplied in");
    assert_eq!((before.loads(), after.loads()), (9, 5));
    assert_eq!(
        (report.instructions_before, report.instructions_after),
        (80, 69)
    );
    assert_eq!(report.iterations, 2);
    let forward_runs = report
        .runs
        .iter()
        .filter(|r| r.pass == PassId::LoadForward)
        .count();
    assert_eq!(forward_runs, 1, "no other pass feeds load-forward");
}
