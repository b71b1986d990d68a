//! The prune pass removes unused results, functions, parameters, names and decorations.

mod common;

use common::{Kit, assert_valid, body, load};
use optimizer::{Options, PassId};
use rspirv::binary::Assemble;
use rspirv::dr::Operand;
use rspirv::spirv::{Decoration, FunctionControl, Op};

fn prune_only(words: &[u32]) -> Vec<u32> {
    let options = Options {
        passes: vec![PassId::Prune],
        ..Options::default()
    };
    optimizer::optimize(words, &options).expect("prunes").0
}

#[test]
fn unused_values_go_with_their_names_and_decorations() {
    let mut kit = Kit::new();
    let (a, float) = (kit.a, kit.float);
    let x = kit.b.composite_extract(float, None, a, [0]).unwrap();
    let dead = kit.op(Op::FAdd, float, &[x, x]);
    kit.b.name(dead, "dead");
    kit.b.decorate(dead, Decoration::RelaxedPrecision, []);
    let words = kit.finish(a);
    let out = prune_only(&words);
    assert_valid(&out, "pruned");
    let module = load(&out);
    assert!(
        body(&module)
            .iter()
            .all(|i| i.result_id != Some(dead) && i.result_id != Some(x))
    );
    assert!(
        module
            .debug_names
            .iter()
            .all(|n| n.operands[0] != Operand::IdRef(dead))
    );
    assert!(
        module
            .annotations
            .iter()
            .all(|d| d.operands[0] != Operand::IdRef(dead))
    );
}

#[test]
fn unused_functions_and_parameters_go() {
    let mut kit = Kit::new();
    let float = kit.float;
    let two_args = kit.b.type_function(float, [float, float]);
    let unused_fn_ty = kit.b.type_function(float, []);
    let (a, v4) = (kit.a, kit.v4float);
    let x = kit.b.composite_extract(float, None, a, [0]).unwrap();
    let y = kit.b.composite_extract(float, None, a, [1]).unwrap();
    let helper = kit.b.id();
    let unused_fn = kit.b.id();
    let r = kit.b.function_call(float, None, helper, [x, y]).unwrap();
    let splat = kit.op(Op::CompositeConstruct, v4, &[r, r, r, r]);
    let out_ptr = kit
        .b
        .access_chain(kit.elem_ptr, None, kit.out, [kit.zero, kit.index])
        .unwrap();
    kit.b.store(out_ptr, splat, None, []).unwrap();
    kit.b.ret().unwrap();
    kit.b.end_function().unwrap();
    // helper(p, q) = p * p; q is never read.
    kit.b
        .begin_function(float, Some(helper), FunctionControl::NONE, two_args)
        .unwrap();
    let p = kit.b.function_parameter(float).unwrap();
    let q = kit.b.function_parameter(float).unwrap();
    kit.b.name(q, "unused_parameter");
    kit.b.begin_block(None).unwrap();
    let sq = kit.b.f_mul(float, None, p, p).unwrap();
    kit.b.ret_value(sq).unwrap();
    kit.b.end_function().unwrap();
    kit.b
        .begin_function(float, Some(unused_fn), FunctionControl::NONE, unused_fn_ty)
        .unwrap();
    kit.b.name(unused_fn, "never_called");
    kit.b.begin_block(None).unwrap();
    let one = kit.b.constant_bit32(float, 1f32.to_bits());
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

    let out = prune_only(&words);
    assert_valid(&out, "pruned");
    let module = load(&out);
    assert_eq!(module.functions.len(), 2, "never_called is gone");
    assert!(
        module
            .debug_names
            .iter()
            .all(|n| n.operands[0] != Operand::IdRef(unused_fn))
    );
    let helper_fn = module
        .functions
        .iter()
        .find(|f| f.def_id() == Some(helper))
        .expect("helper kept");
    assert_eq!(helper_fn.parameters.len(), 1, "q is gone");
    let call = body(&module)
        .into_iter()
        .find(|i| i.class.opcode == Op::FunctionCall)
        .expect("call kept");
    assert_eq!(
        call.operands,
        vec![Operand::IdRef(helper), Operand::IdRef(x)]
    );
    assert!(
        module
            .debug_names
            .iter()
            .all(|n| n.operands[0] != Operand::IdRef(q))
    );
}

#[test]
fn image_writes_and_barriers_stay() {
    let Some(corpus) = common::corpus_dir() else {
        return;
    };
    let words =
        common::read_words(&corpus.join("rust-gpu/kajiya_motion_blurvelocity_reduce_x.spv"));
    let count = |words: &[u32], op: Op| {
        body(&load(words))
            .iter()
            .filter(|i| i.class.opcode == op)
            .count()
    };
    let out = prune_only(&words);
    assert_eq!(count(&out, Op::ImageWrite), count(&words, Op::ImageWrite));
    assert_eq!(
        count(&out, Op::ControlBarrier),
        count(&words, Op::ControlBarrier)
    );
    assert!(count(&words, Op::ImageWrite) > 0);
}
