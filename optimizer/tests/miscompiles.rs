//! One test per miscompile found in the original spirv-extra-opt, each on a small shader built
//! here, proving this optimiser gets it right; plus the guarantees that go with them.
#![allow(clippy::unwrap_used)] // Helpers of tests unwrap as the tests do.

mod common;

use common::{Kit, assert_valid, body, count_ext, count_op, glsl, load, optimize};
use optimizer::{Error, InterfacePolicy, Options};
use rspirv::dr::Operand;
use rspirv::spirv::{Decoration, Op, Word};

/// Builds `out = construct(f(a.x, b.x), ..., f(a.w, b.w))`.
fn per_lane(f: impl Fn(&mut Kit, Word, Word) -> Word) -> Vec<u32> {
    let mut kit = Kit::new();
    let (a, b) = (kit.a, kit.bv);
    let la = kit.lanes(a);
    let lb = kit.lanes(b);
    let r = [0, 1, 2, 3].map(|l| f(&mut kit, la[l], lb[l]));
    let v = kit.construct(r);
    kit.finish(v)
}

/// The ids of the loaded `a[i]` and `b[i]` vectors (0 where pruned) in a module built by
/// [`Kit`].
fn loaded_vectors(module: &rspirv::dr::Module) -> (Word, Word) {
    (
        Kit::loaded(module, 0).unwrap_or(0),
        Kit::loaded(module, 1).unwrap_or(0),
    )
}

/// The value operands of the single vector `ExtInst` `number` in `module`.
fn vector_ext_operands(module: &rspirv::dr::Module, number: u32, v4: Word) -> Vec<Word> {
    let found: Vec<_> = body(module)
        .into_iter()
        .filter(|i| {
            i.class.opcode == Op::ExtInst
                && i.result_type == Some(v4)
                && i.operands.get(1) == Some(&Operand::LiteralExtInstInteger(number))
        })
        .collect();
    assert_eq!(found.len(), 1, "expected one vector instruction {number}");
    found[0].operands[2..]
        .iter()
        .map(|o| o.id_ref_any().expect("id operand"))
        .collect()
}

fn v4float_of(module: &rspirv::dr::Module) -> Word {
    module
        .types_global_values
        .iter()
        .find(|i| {
            i.class.opcode == Op::TypeVector && i.operands.get(1) == Some(&Operand::LiteralBit32(4))
        })
        .and_then(|i| i.result_id)
        .expect("vec4 type")
}

/// Miscompile 1: constants used only as Scope/MemorySemantics operands were pruned.
#[test]
fn constants_used_only_as_scope_or_semantics_survive_pruning() {
    let mut kit = Kit::new();
    let (uint, v4) = (kit.uint, kit.v4float);
    let workgroup = kit.b.constant_bit32(uint, 2); // Scope Workgroup
    let semantics = kit.b.constant_bit32(uint, 0x108); // AcquireRelease | WorkgroupMemory
    kit.b
        .control_barrier(workgroup, workgroup, semantics)
        .unwrap();
    kit.b.memory_barrier(workgroup, semantics).unwrap();
    let a = kit.a;
    let words = kit.finish(a);
    let _ = v4;

    let (out, _) = optimize(&words);
    assert_valid(&out, "barrier shader after pruning");
    let module = load(&out);
    let barrier = body(&module)
        .into_iter()
        .find(|i| i.class.opcode == Op::ControlBarrier)
        .expect("barrier kept");
    for operand in &barrier.operands {
        let id = operand.id_ref_any().expect("id operands");
        assert!(
            module
                .types_global_values
                .iter()
                .any(|i| i.result_id == Some(id)),
            "operand %{id} of OpControlBarrier lost its definition"
        );
    }
}

/// Miscompile 2: atomics whose result is unused were deleted.
#[test]
fn atomics_with_unused_results_stay() {
    let mut kit = Kit::new();
    let uint = kit.uint;
    let ptr_ty = kit
        .b
        .type_pointer(None, rspirv::spirv::StorageClass::Workgroup, uint);
    let counter = kit.global_variable(ptr_ty, rspirv::spirv::StorageClass::Workgroup);
    let one = kit.b.constant_bit32(uint, 1);
    let scope = kit.b.constant_bit32(uint, 2);
    let relaxed = kit.b.constant_bit32(uint, 0);
    kit.b
        .atomic_i_add(uint, None, counter, scope, relaxed, one)
        .unwrap();
    kit.b
        .atomic_exchange(uint, None, counter, scope, relaxed, one)
        .unwrap();
    let a = kit.a;
    let words = kit.finish(a);

    let (out, _) = optimize(&words);
    assert_valid(&out, "atomics shader after pruning");
    let module = load(&out);
    assert_eq!(count_op(&module, Op::AtomicIAdd, uint), 1);
    assert_eq!(count_op(&module, Op::AtomicExchange, uint), 1);
}

/// Miscompile 3: Pow, Step and Atan2 had their operands swapped when vectorised.
#[test]
fn non_commutative_operands_keep_their_order() {
    for number in [glsl::POW, glsl::STEP, glsl::ATAN2] {
        let words = per_lane(|k, x, y| {
            let ax = k.ext(glsl::FABS, &[x]);
            k.ext(number, &[ax, y])
        });
        assert_valid(&words, "input");
        let (out, _) = optimize(&words);
        assert_valid(&out, "output");
        let module = load(&out);
        let v4 = v4float_of(&module);
        let (a, b) = loaded_vectors(&module);
        let abs = vector_ext_operands(&module, glsl::FABS, v4);
        assert_eq!(abs, vec![a], "abs(a) vectorised");
        let operands = vector_ext_operands(&module, number, v4);
        let abs_id = body(&module)
            .iter()
            .find(|i| i.operands.get(1) == Some(&Operand::LiteralExtInstInteger(glsl::FABS)))
            .and_then(|i| i.result_id)
            .expect("vector abs");
        assert_eq!(
            operands,
            vec![abs_id, b],
            "instruction {number}: (abs(a), b)"
        );
        assert_eq!(count_ext(&module, number, common_float(&module)), 0);
    }
}

/// Scalar operands are splatted in place, never moved: `pow(2, a.i)` stays base 2.
#[test]
fn scalar_operands_are_splatted_in_position() {
    let words = {
        let mut kit = Kit::new();
        let two = kit.constant(2.0);
        let a = kit.a;
        let la = kit.lanes(a);
        let r = la.map(|x| kit.ext(glsl::POW, &[two, x]));
        let v = kit.construct(r);
        kit.finish(v)
    };
    let (out, _) = optimize(&words);
    assert_valid(&out, "output");
    let module = load(&out);
    let v4 = v4float_of(&module);
    let (a, _) = loaded_vectors(&module);
    let operands = vector_ext_operands(&module, glsl::POW, v4);
    assert_eq!(operands[1], a);
    let splat = module
        .types_global_values
        .iter()
        .find(|i| i.result_id == Some(operands[0]))
        .expect("base is a constant");
    assert_eq!(splat.class.opcode, Op::ConstantComposite);
    let parts: Vec<_> = splat.operands.iter().map(|o| o.id_ref_any()).collect();
    assert!(parts.windows(2).all(|w| w[0] == w[1]), "a splat of 2.0");
}

/// `s * a.i` becomes `OpVectorTimesScalar a s` (multiplication commutes; no splat needed).
#[test]
fn multiplication_by_a_scalar_uses_vector_times_scalar() {
    let words = {
        let mut kit = Kit::new();
        let s = kit.constant(0.5);
        let a = kit.a;
        let la = kit.lanes(a);
        let float = kit.float;
        let r = la.map(|x| kit.op(Op::FMul, float, &[s, x]));
        let v = kit.construct(r);
        kit.finish(v)
    };
    let (out, _) = optimize(&words);
    assert_valid(&out, "output");
    let module = load(&out);
    let v4 = v4float_of(&module);
    assert_eq!(count_op(&module, Op::VectorTimesScalar, v4), 1);
    assert_eq!(count_op(&module, Op::FMul, common_float(&module)), 0);
}

/// Miscompile 4: per-component Reflect was turned into a vector Reflect (different maths); the
/// same holds for every other operation that mixes components.
#[test]
fn non_componentwise_operations_stay_scalar() {
    for number in [
        glsl::REFLECT,
        glsl::REFRACT,
        glsl::FACEFORWARD,
        glsl::DISTANCE,
        glsl::LENGTH,
        glsl::NORMALIZE,
    ] {
        let words = per_lane(|k, x, y| match number {
            glsl::REFRACT => {
                let eta = k.constant(0.5);
                k.ext(number, &[x, y, eta])
            }
            glsl::FACEFORWARD => k.ext(number, &[x, y, x]),
            glsl::LENGTH | glsl::NORMALIZE => k.ext(number, &[x]),
            _ => k.ext(number, &[x, y]),
        });
        assert_valid(&words, "input");
        let (out, _) = optimize(&words);
        assert_valid(&out, "output");
        let module = load(&out);
        let float = common_float(&module);
        assert_eq!(count_ext(&module, number, float), 4, "instruction {number}");
        let v4 = v4float_of(&module);
        assert_eq!(count_ext(&module, number, v4), 0, "instruction {number}");
    }
}

/// Three-operand operations the original missed are vectorised, operands in order.
#[test]
fn three_operand_operations_are_vectorised_in_order() {
    for number in [glsl::FCLAMP, glsl::FMIX, glsl::FMA, glsl::SMOOTHSTEP] {
        let words = per_lane(|k, x, y| {
            // Per-lane constants: they become one OpConstantComposite.
            let c = k.constant(0.25);
            let hi = k.constant(0.75);
            match number {
                // smoothstep(edge0, edge1, x) needs edge0 < edge1.
                glsl::SMOOTHSTEP => k.ext(number, &[c, hi, x]),
                glsl::FCLAMP => k.ext(number, &[x, c, hi]),
                _ => k.ext(number, &[y, x, c]),
            }
        });
        let (out, report) = optimize(&words);
        assert_valid(&out, "output");
        assert!(report.instructions_after < report.instructions_before);
        let module = load(&out);
        let v4 = v4float_of(&module);
        let (a, b) = loaded_vectors(&module);
        let operands = vector_ext_operands(&module, number, v4);
        match number {
            glsl::SMOOTHSTEP => assert_eq!(operands[2], a),
            glsl::FCLAMP => assert_eq!(operands[0], a),
            _ => assert_eq!(&operands[..2], &[b, a]),
        }
        assert_eq!(count_ext(&module, number, common_float(&module)), 0);
    }
}

fn decorated(module: &rspirv::dr::Module, id: Word, decoration: Decoration) -> bool {
    module.annotations.iter().any(|i| {
        i.class.opcode == Op::Decorate
            && i.operands.first() == Some(&Operand::IdRef(id))
            && i.operands.get(1) == Some(&Operand::Decoration(decoration))
    })
}

fn decorated_lanes(decoration: Decoration, lanes: &[usize]) -> Vec<u32> {
    let mut kit = Kit::new();
    let (a, b) = (kit.a, kit.bv);
    let la = kit.lanes(a);
    let lb = kit.lanes(b);
    let float = kit.float;
    let r = [0, 1, 2, 3].map(|l| {
        let m = kit.op(Op::FMul, float, &[la[l], lb[l]]);
        if lanes.contains(&l) {
            kit.b.decorate(m, decoration, []);
        }
        kit.op(Op::FAdd, float, &[m, la[l]])
    });
    let v = kit.construct(r);
    kit.finish(v)
}

/// Miscompile 5: NoContraction and RelaxedPrecision were dropped. All lanes decorated: the
/// vector op carries the decoration.
#[test]
fn precision_decorations_move_to_the_vector_op() {
    for decoration in [Decoration::NoContraction, Decoration::RelaxedPrecision] {
        let words = decorated_lanes(decoration, &[0, 1, 2, 3]);
        assert_valid(&words, "input");
        let (out, _) = optimize(&words);
        assert_valid(&out, "output");
        let module = load(&out);
        let v4 = v4float_of(&module);
        let muls: Vec<_> = body(&module)
            .into_iter()
            .filter(|i| i.class.opcode == Op::FMul)
            .collect();
        assert_eq!(muls.len(), 1, "{decoration:?}: one vector multiply");
        assert_eq!(muls[0].result_type, Some(v4));
        let id = muls[0].result_id.expect("result");
        assert!(
            decorated(&module, id, decoration),
            "{decoration:?} carried over"
        );
    }
}

/// Only some lanes decorated: the rewrite is refused and every decoration stays.
#[test]
fn mixed_precision_decorations_refuse_the_rewrite() {
    for decoration in [Decoration::NoContraction, Decoration::RelaxedPrecision] {
        let words = decorated_lanes(decoration, &[0, 2]);
        let (out, _) = optimize(&words);
        assert_valid(&out, "output");
        let module = load(&out);
        let muls: Vec<_> = body(&module)
            .into_iter()
            .filter(|i| i.class.opcode == Op::FMul)
            .collect();
        assert_eq!(muls.len(), 4, "{decoration:?}: multiplies stay scalar");
        let kept = muls
            .iter()
            .filter(|m| decorated(&module, m.result_id.expect("result"), decoration))
            .count();
        assert_eq!(kept, 2, "{decoration:?} kept on the two decorated lanes");
    }
}

/// Miscompile 6: unused descriptor bindings were removed. They stay by default and go only
/// when the caller allows it.
#[test]
fn unused_descriptor_bindings_stay_unless_allowed() {
    let mut kit = Kit::new();
    let unused = kit.global_variable(kit.block_ptr, rspirv::spirv::StorageClass::StorageBuffer);
    kit.b.decorate(
        unused,
        Decoration::DescriptorSet,
        [Operand::LiteralBit32(0)],
    );
    kit.b
        .decorate(unused, Decoration::Binding, [Operand::LiteralBit32(7)]);
    kit.b.name(unused, "unused_binding");
    let a = kit.a;
    let words = kit.finish(a);

    let (kept, _) = optimize(&words);
    assert_valid(&kept, "output");
    let module = load(&kept);
    assert!(
        module
            .types_global_values
            .iter()
            .any(|i| i.result_id == Some(unused))
    );
    assert!(decorated(&module, unused, Decoration::Binding));

    let options = Options {
        interface: InterfacePolicy::RemoveUnused,
        ..Options::default()
    };
    let (removed, _) = optimizer::optimize(&words, &options).expect("optimises");
    assert_valid(&removed, "output without unused bindings");
    let module = load(&removed);
    assert!(
        !module
            .types_global_values
            .iter()
            .any(|i| i.result_id == Some(unused))
    );
    assert!(!decorated(&module, unused, Decoration::Binding));
    assert!(
        module
            .debug_names
            .iter()
            .all(|n| n.operands[0] != Operand::IdRef(unused))
    );
}

/// Miscompile 7: a capability the parser does not know crashed the tool. Ours reports where.
#[test]
fn unknown_capability_is_a_located_error() {
    let mut words = Kit::new().finish(0);
    // Replace the operand of the first OpCapability (word 6) with an unassigned value.
    assert_eq!(words[5] & 0xffff, Op::Capability as u32);
    words[6] = 0x7fff_0000;
    match optimizer::optimize(&words, &Options::default()) {
        Err(Error::Parse { word, message }) => {
            assert_eq!(word, 5, "points at the OpCapability");
            assert!(!message.is_empty());
        }
        other => panic!("expected a parse error, got {other:?}"),
    }
}

/// Function calls with side effects stay even when their result is unused; pure ones go.
#[test]
fn calls_with_side_effects_stay() {
    use rspirv::binary::Assemble;
    use rspirv::spirv::FunctionControl;
    let mut kit = Kit::new();
    let float = kit.float;
    let fn_ty = kit.b.type_function(float, []);
    let one = kit.constant(1.0);
    let zero4 = kit.b.constant_null(kit.v4float);
    let (effectful, pure) = (kit.b.id(), kit.b.id());
    kit.b.function_call(float, None, effectful, []).unwrap();
    kit.b.function_call(float, None, pure, []).unwrap();
    let out_ptr = kit
        .b
        .access_chain(kit.elem_ptr, None, kit.out, [kit.zero, kit.index])
        .unwrap();
    kit.b.store(out_ptr, kit.a, None, []).unwrap();
    kit.b.ret().unwrap();
    kit.b.end_function().unwrap();
    // `effectful` writes out[0]; `pure` only returns a constant.
    kit.b
        .begin_function(float, Some(effectful), FunctionControl::NONE, fn_ty)
        .unwrap();
    kit.b.begin_block(None).unwrap();
    let p = kit
        .b
        .access_chain(kit.elem_ptr, None, kit.out, [kit.zero, kit.zero])
        .unwrap();
    kit.b.store(p, zero4, None, []).unwrap();
    kit.b.ret_value(one).unwrap();
    kit.b.end_function().unwrap();
    kit.b
        .begin_function(float, Some(pure), FunctionControl::NONE, fn_ty)
        .unwrap();
    kit.b.begin_block(None).unwrap();
    kit.b.ret_value(one).unwrap();
    kit.b.end_function().unwrap();
    kit.b.entry_point(
        rspirv::spirv::ExecutionModel::GLCompute,
        kit.main,
        "main",
        [kit.gid],
    );
    kit.b.execution_mode(
        kit.main,
        rspirv::spirv::ExecutionMode::LocalSize,
        [64, 1, 1],
    );
    let words = kit.b.module().assemble();

    assert_valid(&words, "input");
    let (out, _) = optimize(&words);
    assert_valid(&out, "output");
    let module = load(&out);
    let calls: Vec<_> = body(&module)
        .into_iter()
        .filter(|i| i.class.opcode == Op::FunctionCall)
        .collect();
    assert_eq!(calls.len(), 1, "only the effectful call stays");
    assert_eq!(calls[0].operands[0], Operand::IdRef(effectful));
    assert!(module.functions.iter().all(|f| f.def_id() != Some(pure)));
}

/// Extended instructions of sets other than GLSL.std.450 (here NonSemantic.DebugPrintf) are
/// kept even when their result is unused.
#[test]
fn debug_printf_stays() {
    let mut kit = Kit::new();
    kit.b.extension("SPV_KHR_non_semantic_info");
    let printf = kit.b.ext_inst_import("NonSemantic.DebugPrintf");
    let void = kit.b.type_void();
    let format = kit.b.string("value %f");
    let a = kit.a;
    let x = kit.b.composite_extract(kit.float, None, a, [0]).unwrap();
    kit.b
        .ext_inst(
            void,
            None,
            printf,
            1,
            [Operand::IdRef(format), Operand::IdRef(x)],
        )
        .unwrap();
    let words = kit.finish(a);
    assert_valid(&words, "input");
    let (out, _) = optimize(&words);
    assert_valid(&out, "output");
    let module = load(&out);
    assert_eq!(count_op(&module, Op::ExtInst, void), 1);
}

fn common_float(module: &rspirv::dr::Module) -> Word {
    module
        .types_global_values
        .iter()
        .find(|i| i.class.opcode == Op::TypeFloat)
        .and_then(|i| i.result_id)
        .expect("float type")
}

/// A shader for the load-forwarding guards: `x = *pointer; between; y = *pointer;` then
/// `out[i] = vec4(x, y, x, y)`. `pointer` runs once per load, as compilers build a fresh access
/// chain for every use.
struct Reload<'a> {
    pointer: &'a dyn Fn(&mut Kit) -> Word,
    between: &'a dyn Fn(&mut Kit),
    access: Option<rspirv::spirv::MemoryAccess>,
    /// Functions to add once `main` is closed (callees of `between`).
    after: &'a dyn Fn(&mut Kit),
}

impl Reload<'_> {
    /// Optimises the shader (both versions must validate) and counts the float loads left.
    fn float_loads_left(&self) -> usize {
        let mut kit = Kit::new();
        let float = kit.float;
        let read = |kit: &mut Kit| {
            let p = (self.pointer)(kit);
            kit.b.load(float, None, p, self.access, []).unwrap()
        };
        let x = read(&mut kit);
        (self.between)(&mut kit);
        let y = read(&mut kit);
        let v = kit.construct([x, y, x, y]);
        let words = kit.finish_then(v, |kit| (self.after)(kit));
        assert_valid(&words, "input");
        let (out, _) = optimize(&words);
        assert_valid(&out, "output");
        let module = load(&out);
        count_op(&module, Op::Load, common_float(&module))
    }
}

const RELOAD: Reload<'static> = Reload {
    pointer: &out_x,
    between: &|_| {},
    access: None,
    after: &|_| {},
};

/// `&out[i].x`, through a fresh access chain.
fn out_x(kit: &mut Kit) -> Word {
    component_of(kit, kit.out, 0)
}

fn component_of(kit: &mut Kit, variable: Word, component: u32) -> Word {
    let ptr = kit
        .b
        .type_pointer(None, rspirv::spirv::StorageClass::StorageBuffer, kit.float);
    let c = kit.b.constant_bit32(kit.uint, component);
    kit.b
        .access_chain(ptr, None, variable, [kit.zero, kit.index, c])
        .unwrap()
}

/// A storage buffer like `out`, at binding `binding`, its block type built by `block`.
fn storage_buffer(kit: &mut Kit, binding: u32, block: Option<Word>) -> Word {
    let ty = match block {
        Some(block) => kit
            .b
            .type_pointer(None, rspirv::spirv::StorageClass::StorageBuffer, block),
        None => kit.block_ptr,
    };
    let var = kit.global_variable(ty, rspirv::spirv::StorageClass::StorageBuffer);
    kit.b
        .decorate(var, Decoration::DescriptorSet, [Operand::LiteralBit32(0)]);
    kit.b
        .decorate(var, Decoration::Binding, [Operand::LiteralBit32(binding)]);
    var
}

fn store_constant(kit: &mut Kit, pointer: Word) {
    let one = kit.constant(1.0);
    kit.b.store(pointer, one, None, []).unwrap();
}

/// Load forwarding, positive controls: with nothing in between, or only a store to private
/// memory or a call to a function without effects, the reload goes.
#[test]
fn load_forwarding_reuses_a_load_nothing_may_have_changed() {
    assert_eq!(RELOAD.float_loads_left(), 1, "nothing in between");
    let private = Reload {
        between: &|kit| {
            let ptr = kit
                .b
                .type_pointer(None, rspirv::spirv::StorageClass::Private, kit.float);
            let var = kit.global_variable(ptr, rspirv::spirv::StorageClass::Private);
            store_constant(kit, var);
        },
        ..RELOAD
    };
    assert_eq!(private.float_loads_left(), 1, "store to a Private variable");
    let pure_call = Reload {
        between: &|kit| {
            let callee = kit.b.id();
            kit.pure_callee = Some(callee);
            kit.b.function_call(kit.float, None, callee, []).unwrap();
        },
        after: &|kit| {
            let callee = kit.pure_callee.expect("set by between");
            let float = kit.float;
            let fn_ty = kit.b.type_function(float, []);
            let one = kit.constant(1.0);
            kit.b
                .begin_function(
                    float,
                    Some(callee),
                    rspirv::spirv::FunctionControl::NONE,
                    fn_ty,
                )
                .unwrap();
            kit.b.begin_block(None).unwrap();
            kit.b.ret_value(one).unwrap();
            kit.b.end_function().unwrap();
        },
        ..RELOAD
    };
    assert_eq!(pure_call.float_loads_left(), 1, "call without effects");
}

/// A store that may alias ends the earlier load: through the same variable (another member),
/// and through another storage buffer, which may be bound to the same memory.
#[test]
fn load_forwarding_stops_at_an_aliasing_store() {
    let same_variable = Reload {
        between: &|kit| {
            let p = component_of(kit, kit.out, 1);
            store_constant(kit, p);
        },
        ..RELOAD
    };
    assert_eq!(same_variable.float_loads_left(), 2, "store to out[i].y");
    let other_buffer = Reload {
        between: &|kit| {
            let other = storage_buffer(kit, 3, None);
            let p = component_of(kit, other, 0);
            store_constant(kit, p);
        },
        ..RELOAD
    };
    assert_eq!(
        other_buffer.float_loads_left(),
        2,
        "store to another buffer"
    );
}

/// Barriers and atomics order memory with other invocations: nothing is forwarded across them.
#[test]
fn load_forwarding_stops_at_barriers_and_atomics() {
    let control = Reload {
        between: &|kit| {
            let scope = kit.b.constant_bit32(kit.uint, 2); // Workgroup
            let semantics = kit.b.constant_bit32(kit.uint, 0x148); // AcqRel | Uniform | Workgroup
            kit.b.control_barrier(scope, scope, semantics).unwrap();
        },
        ..RELOAD
    };
    assert_eq!(control.float_loads_left(), 2, "OpControlBarrier");
    let memory = Reload {
        between: &|kit| {
            let scope = kit.b.constant_bit32(kit.uint, 1); // Device
            let semantics = kit.b.constant_bit32(kit.uint, 0x48); // AcqRel | Uniform
            kit.b.memory_barrier(scope, semantics).unwrap();
        },
        ..RELOAD
    };
    assert_eq!(memory.float_loads_left(), 2, "OpMemoryBarrier");
    let atomic = Reload {
        between: &|kit| {
            let ptr = kit
                .b
                .type_pointer(None, rspirv::spirv::StorageClass::Workgroup, kit.uint);
            let counter = kit.global_variable(ptr, rspirv::spirv::StorageClass::Workgroup);
            let scope = kit.b.constant_bit32(kit.uint, 2);
            let relaxed = kit.b.constant_bit32(kit.uint, 0);
            let one = kit.b.constant_bit32(kit.uint, 1);
            kit.b
                .atomic_i_add(kit.uint, None, counter, scope, relaxed, one)
                .unwrap();
        },
        ..RELOAD
    };
    assert_eq!(atomic.float_loads_left(), 2, "OpAtomicIAdd");
}

/// Workgroup memory is written by the other invocations of the group: a load is not reused
/// across a barrier, though it is without one.
#[test]
fn load_forwarding_keeps_workgroup_loads_across_barriers() {
    fn shared(kit: &mut Kit) -> Word {
        if let Some(var) = kit.shared {
            return var;
        }
        let ptr = kit
            .b
            .type_pointer(None, rspirv::spirv::StorageClass::Workgroup, kit.float);
        let var = kit.global_variable(ptr, rspirv::spirv::StorageClass::Workgroup);
        kit.shared = Some(var);
        var
    }
    let plain = Reload {
        pointer: &shared,
        ..RELOAD
    };
    assert_eq!(plain.float_loads_left(), 1, "no barrier");
    let across = Reload {
        pointer: &shared,
        between: &|kit| {
            let scope = kit.b.constant_bit32(kit.uint, 2);
            let semantics = kit.b.constant_bit32(kit.uint, 0x108); // AcqRel | Workgroup
            kit.b.control_barrier(scope, scope, semantics).unwrap();
        },
        ..RELOAD
    };
    assert_eq!(across.float_loads_left(), 2, "across OpControlBarrier");
}

/// Volatile and Coherent memory is read every time: a decorated variable, a decorated struct
/// member, or a load whose memory operands say Volatile.
#[test]
fn load_forwarding_leaves_volatile_memory_alone() {
    fn decorated_variable(kit: &mut Kit) -> Word {
        let var = match kit.shared {
            Some(var) => var,
            None => {
                let var = storage_buffer(kit, 3, None);
                kit.b.decorate(var, Decoration::Volatile, []);
                kit.shared = Some(var);
                var
            }
        };
        component_of(kit, var, 0)
    }
    fn coherent_member(kit: &mut Kit) -> Word {
        let var = match kit.shared {
            Some(var) => var,
            None => {
                // A sized array: a type of its own (the builder shares identical ones).
                let length = kit.b.constant_bit32(kit.uint, 64);
                let array = kit.b.type_array(kit.v4float, length);
                kit.b
                    .decorate(array, Decoration::ArrayStride, [Operand::LiteralBit32(16)]);
                let block = kit.b.type_struct([array]);
                kit.b.decorate(block, Decoration::Block, []);
                kit.b
                    .member_decorate(block, 0, Decoration::Offset, [Operand::LiteralBit32(0)]);
                kit.b.member_decorate(block, 0, Decoration::Coherent, []);
                let var = storage_buffer(kit, 3, Some(block));
                kit.shared = Some(var);
                var
            }
        };
        component_of(kit, var, 0)
    }
    let variable = Reload {
        pointer: &decorated_variable,
        ..RELOAD
    };
    assert_eq!(variable.float_loads_left(), 2, "Volatile variable");
    let member = Reload {
        pointer: &coherent_member,
        ..RELOAD
    };
    assert_eq!(member.float_loads_left(), 2, "Coherent member");
    fn group_decorated_member(kit: &mut Kit) -> Word {
        let var = match kit.shared {
            Some(var) => var,
            None => {
                let length = kit.b.constant_bit32(kit.uint, 64);
                let array = kit.b.type_array(kit.v4float, length);
                kit.b
                    .decorate(array, Decoration::ArrayStride, [Operand::LiteralBit32(16)]);
                let block = kit.b.type_struct([array]);
                kit.b.decorate(block, Decoration::Block, []);
                kit.b
                    .member_decorate(block, 0, Decoration::Offset, [Operand::LiteralBit32(0)]);
                // The Volatile reaches the member only through a decoration group.
                let group = kit.b.decoration_group();
                kit.b.decorate(group, Decoration::Volatile, []);
                kit.b.group_member_decorate(group, [(block, 0)]);
                let var = storage_buffer(kit, 3, Some(block));
                kit.shared = Some(var);
                var
            }
        };
        component_of(kit, var, 0)
    }
    let grouped = Reload {
        pointer: &group_decorated_member,
        ..RELOAD
    };
    assert_eq!(
        grouped.float_loads_left(),
        2,
        "Volatile member through a group"
    );
    let access = Reload {
        access: Some(rspirv::spirv::MemoryAccess::VOLATILE),
        ..RELOAD
    };
    assert_eq!(access.float_loads_left(), 2, "Volatile memory operand");
}

/// A call to a function that writes memory ends every earlier load.
#[test]
fn load_forwarding_stops_at_a_call_with_effects() {
    let call = Reload {
        between: &|kit| {
            let callee = kit.b.id();
            kit.pure_callee = Some(callee);
            kit.b.function_call(kit.float, None, callee, []).unwrap();
        },
        after: &|kit| {
            let callee = kit.pure_callee.expect("set by between");
            let float = kit.float;
            let fn_ty = kit.b.type_function(float, []);
            let one = kit.constant(1.0);
            kit.b
                .begin_function(
                    float,
                    Some(callee),
                    rspirv::spirv::FunctionControl::NONE,
                    fn_ty,
                )
                .unwrap();
            kit.b.begin_block(None).unwrap();
            // Writes out[0].x, which may be the very element `main` reloads.
            let ptr = kit
                .b
                .type_pointer(None, rspirv::spirv::StorageClass::StorageBuffer, float);
            let p = kit
                .b
                .access_chain(ptr, None, kit.out, [kit.zero, kit.zero, kit.zero])
                .unwrap();
            kit.b.store(p, one, None, []).unwrap();
            kit.b.ret_value(one).unwrap();
            kit.b.end_function().unwrap();
        },
        ..RELOAD
    };
    assert_eq!(call.float_loads_left(), 2);
}

/// An image write may change memory a buffer also maps (texel buffers, aliased bindings).
#[test]
fn load_forwarding_stops_at_an_image_write() {
    let write = Reload {
        between: &|kit| {
            use rspirv::spirv::{Dim, ImageFormat, StorageClass};
            let image_ty = kit.b.type_image(
                kit.float,
                Dim::Dim2D,
                0,
                0,
                0,
                2,
                ImageFormat::Rgba32f,
                None,
            );
            let ptr = kit
                .b
                .type_pointer(None, StorageClass::UniformConstant, image_ty);
            let var = kit.global_variable(ptr, StorageClass::UniformConstant);
            kit.b
                .decorate(var, Decoration::DescriptorSet, [Operand::LiteralBit32(0)]);
            kit.b
                .decorate(var, Decoration::Binding, [Operand::LiteralBit32(3)]);
            let image = kit.b.load(image_ty, None, var, None, []).unwrap();
            let int = kit.b.type_int(32, 1);
            let v2int = kit.b.type_vector(int, 2);
            let zero = kit.b.constant_bit32(int, 0);
            let coord = kit.b.constant_composite(v2int, [zero, zero]);
            let texel = kit.a;
            kit.b.image_write(image, coord, texel, None, []).unwrap();
        },
        ..RELOAD
    };
    assert_eq!(write.float_loads_left(), 2);
}
