//! The differential-test generator makes valid, deterministic, vectorisable shaders.

mod common;

use common::assert_valid;
use optimizer::testgen;

#[test]
fn generated_shaders_are_deterministic() {
    assert_eq!(testgen::compute_shader(5), testgen::compute_shader(5));
    assert_ne!(testgen::compute_shader(5), testgen::compute_shader(6));
}

#[test]
fn generated_shaders_validate_and_vectorise() {
    for seed in 0..12 {
        let words = testgen::compute_shader(seed);
        assert_valid(&words, &format!("generated shader {seed}"));
        let (out, report) = common::optimize(&words);
        assert_valid(&out, &format!("optimised shader {seed}"));
        assert!(
            report.instructions_after * 10 < report.instructions_before * 7,
            "seed {seed}: only {} -> {} instructions",
            report.instructions_before,
            report.instructions_after
        );
    }
}

#[test]
fn generated_shaders_use_the_documented_interface() {
    let module = common::load(&testgen::compute_shader(1));
    let size = module
        .execution_modes
        .iter()
        .find_map(|m| match &m.operands[..] {
            [_, _, rspirv::dr::Operand::LiteralBit32(x), ..] => Some(*x),
            _ => None,
        });
    assert_eq!(size, Some(testgen::WORKGROUP_SIZE));
    let mut bindings: Vec<u32> = module
        .annotations
        .iter()
        .filter_map(|a| match &a.operands[..] {
            [
                _,
                rspirv::dr::Operand::Decoration(rspirv::spirv::Decoration::Binding),
                rspirv::dr::Operand::LiteralBit32(b),
            ] => Some(*b),
            _ => None,
        })
        .collect();
    bindings.sort();
    assert_eq!(bindings, [0, 1, 2]);
}

#[test]
fn larger_sizes_make_larger_modules() {
    let small = testgen::compute_shader_sized(3, 10).len();
    let large = testgen::compute_shader_sized(3, 100).len();
    assert!(large > 5 * small, "{small} vs {large} words");
}
