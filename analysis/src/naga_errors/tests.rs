//! The mapping end to end: WGSL text through `check_wgsl` to codes and positions.

use std::path::Path;

use super::*;
use crate::diagnostic::DiagnosticCode;
use crate::render::Range;
use crate::wgsl_file::{WgslOutput, check_wgsl};

fn check(text: &str) -> WgslOutput {
    check_wgsl(Path::new("t.wgsl"), text.to_string())
}

/// Where each diagnostic starts, as (code, line, column); `None` when naga gives no span.
fn found(out: &WgslOutput) -> Vec<(DiagnosticCode, Option<(u32, u32)>)> {
    out.diagnostics
        .iter()
        .map(|d| {
            let at = d.span.map(|span| {
                let range = Range::of(&out.sources, span);
                (range.start.line, range.start.column)
            });
            (d.code, at)
        })
        .collect()
}

/// One test per mapped naga error: the WGSL that triggers it, its code, where it starts.
macro_rules! mapped {
    ($($name:ident: $wgsl:expr => $code:ident at $at:expr;)*) => {$(
        #[test]
        fn $name() {
            let out = check($wgsl);
            assert_eq!(
                found(&out),
                [(DiagnosticCode::$code, $at)],
                "{:#?}",
                out.diagnostics
            );
        }
    )*};
}

mapped! {
    // Parse errors, classified by message.
    unexpected_token: "fn f() {\n    let x = ;\n}\n" => SyntaxError at Some((2, 13));
    unknown_identifier: "fn f() -> f32 {\n    return y;\n}\n"
        => UndeclaredIdentifier at Some((2, 12));
    unknown_function: "fn f() {\n    notAFunc();\n}\n" => UndefinedFunction at Some((2, 5));
    redefinition: "fn f() {\n    let x = 1.0;\n    let x = 2.0;\n}\n"
        => Redefinition at Some((3, 9));
    recursive_function: "fn f() -> f32 {\n    return f();\n}\n"
        => RecursiveFunction at Some((1, 4));
    cyclic_functions: "fn f() -> f32 { return g(); }\nfn g() -> f32 { return f(); }\n"
        => RecursiveFunction at Some((2, 4));
    swizzle_past_vector_end: "fn f() {\n    let v = vec2f(1.0);\n    let w = v.xyz;\n}\n"
        => InvalidSwizzle at Some((3, 15));
    swizzle_of_scalar: "fn f() {\n    let v = 1.0;\n    let w = v.x;\n}\n"
        => InvalidSwizzle at Some((3, 15));
    missing_struct_member: "struct S { a: f32 }\nfn f(s: S) -> f32 {\n    return s.foo;\n}\n"
        => UndeclaredStructMember at Some((3, 14));
    // naga's typifier errors carry no span: found by deleting candidates (the index).
    index_into_scalar: "fn f() {\n    let x = 1.0;\n    let y = x[0];\n}\n"
        => NonIndexableType at Some((3, 14));
    constant_index_past_vector: "fn f() {\n    let v = vec3f(1.0);\n    let y = v[3];\n}\n"
        => IndexOutOfBounds at Some((3, 14));
    spanless_error_in_the_second_function: "fn f() -> f32 {\n    return 1.0;\n}\n// fn g() { [9] }\nfn g() {\n    let v = vec2f(1.0);\n    let a = array<f32, 2>(1.0, 2.0)[1];\n    let y = v[a > 0.0];\n    let z = v[2];\n}\n"
        => IndexOutOfBounds at Some((9, 14));
    constant_index_past_constant: "fn f() {\n    const y = vec2f(1.0)[5];\n}\n"
        => IndexOutOfBounds at Some((2, 15));
    constructor_component_count: "fn f() {\n    let v = vec3f(1.0, 2.0);\n}\n"
        => ConstructorArgCount at Some((2, 13));
    constructor_component_type: "fn f() {\n    let y = vec2(true, 1.0);\n}\n"
        => ConstructorArgType at Some((2, 24));
    constructor_argument_type: "fn f() {\n    let v = vec3f(true);\n}\n"
        => ConstructorArgType at Some((2, 13));
    cast_of_sampler: "fn f(s: sampler) {\n    let y = f32(s);\n}\n"
        => InvalidConversion at Some((2, 17));
    builtin_argument_count: "fn f() {\n    let y = max(1.0);\n}\n"
        => NoMatchingOverload at Some((2, 13));
    builtin_too_many_arguments: "fn f() {\n    let y = max(1.0, 2.0, 3.0);\n}\n"
        => NoMatchingOverload at Some((2, 13));
    builtin_argument_type: "fn f() {\n    let y = max(1.0, true);\n}\n"
        => NoMatchingOverload at Some((2, 13));
    builtin_inconsistent_arguments: "fn f() {\n    let y = max(1.0, 1u);\n}\n"
        => NoMatchingOverload at Some((2, 13));
    constant_division_by_zero: "const y = 1 / 0;\n" => ConstDivideByZero at Some((1, 11));
    constant_float_division_by_zero: "const y = 1.0 / 0.0;\n"
        => ConstDivideByZero at Some((1, 11));
    constant_remainder_by_zero: "const y = 1 % 0;\n" => ConstDivideByZero at Some((1, 11));
    constant_shift_overflow: "const y = 1i << 999u;\n" => ShiftOutOfRange at Some((1, 11));
    constant_shift_too_far: "const y = 1u >> 40u;\n" => ShiftOutOfRange at Some((1, 11));
    constant_unary_operand: "const y = -true;\n" => InvalidUnaryOperand at Some((1, 11));
    constant_binary_operands: "const y = true + 1;\n" => InvalidBinaryOperands at Some((1, 11));
    runtime_array_size: "fn f() {\n    var n = 4;\n    var a: array<f32, n>;\n}\n"
        => NonConstArraySize at Some((3, 23));
    runtime_const_initializer: "fn f(x: f32) {\n    const y = x;\n}\n"
        => NonConstInitializer at Some((2, 15));
    break_if_outside_continuing: "fn f() {\n    loop { break if true; }\n}\n"
        => MisplacedControlFlow at Some((2, 12));
    float_switch_selector: "fn f() {\n    let x = 1.0;\n    switch x { default {} }\n}\n"
        => NonIntegerSwitch at Some((3, 12));
    float_switch_case: "fn f() {\n    switch 1 { case 1.0 {} default {} }\n}\n"
        => NonIntegerSwitch at Some((2, 21));
    initializer_type: "fn f() {\n    let x: f32 = 1u;\n}\n" => AssignTypeMismatch at Some((2, 9));
    assignment_to_let: "fn f() {\n    let x = 1.0;\n    x = 2.0;\n}\n"
        => AssignTypeMismatch at Some((3, 5));

    // Validation errors, matched on naga's enums.
    negative_index: "fn f() {\n    let v = array<f32, 3>(1.0, 2.0, 3.0);\n    let y = v[-1];\n}\n"
        => IndexOutOfBounds at Some((3, 13));
    runtime_shift_too_far: "fn f() {\n    var i = 1i;\n    let y = i << 999u;\n}\n"
        => ShiftOutOfRange at Some((3, 13));
    binary_operands: "fn f() {\n    let x = 1.0;\n    let y = x + true;\n}\n"
        => InvalidBinaryOperands at Some((3, 13));
    unary_operand: "fn f() {\n    let b = true;\n    let y = -b;\n}\n"
        => InvalidUnaryOperand at Some((3, 13));
    float_index: "fn f() {\n    var v = vec3f(1.0);\n    let i = 1.5;\n    let y = v[i];\n}\n"
        => NonIntegerIndex at Some((4, 13));
    sampling_without_sampler: "@group(0) @binding(0) var t: texture_2d<f32>;\nfn f(x: f32) -> vec4f {\n    return textureSample(t, x, vec2f(0.0));\n}\n"
        => ExpectedSampler at Some((3, 12));
    struct_constructor_type: "struct S { a: f32 }\nfn f() {\n    let s = S(true);\n}\n"
        => ConstructorArgType at Some((3, 13));
    call_argument_count: "fn g(x: f32) {}\nfn f() {\n    g();\n}\n"
        => NoMatchingOverload at Some((3, 5));
    call_argument_type: "fn g(x: f32) {}\nfn f() {\n    g(1u);\n}\n"
        => NoMatchingOverload at Some((3, 7));
    return_in_void_function: "fn f() {\n    return 1.0;\n}\n"
        => ReturnInVoidFunction at Some((2, 12));
    missing_return: "fn f() -> f32 {\n}\n" => MissingReturn at Some((1, 1));
    return_type: "fn f() -> f32 {\n    return vec3f(1.0);\n}\n"
        => ReturnTypeMismatch at Some((2, 12));
    non_constructible_return: "fn f() -> sampler {\n}\n"
        => NonConstructibleReturnType at Some((1, 1));
    float_if_condition: "fn f() {\n    let x = 1.0;\n    if x {\n    }\n}\n"
        => NonBoolCondition at Some((2, 13));
    duplicate_case: "fn f(x: i32) {\n    switch x {\n        case 1 {}\n        case 1 {}\n        default {}\n    }\n}\n"
        => DuplicateSwitchCase at Some((1, 1));
    missing_default: "fn f(x: i32) {\n    switch x {\n        case 1 {}\n    }\n}\n"
        => InvalidSwitchDefault at Some((2, 5));
    two_defaults: "fn f(x: i32) {\n    switch x {\n        default {}\n        default {}\n    }\n}\n"
        => InvalidSwitchDefault at Some((1, 1));
    break_outside_loop: "fn f() {\n    break;\n}\n" => MisplacedControlFlow at Some((2, 5));
    continue_outside_loop: "fn f() {\n    continue;\n}\n"
        => MisplacedControlFlow at Some((2, 5));
    store_type: "fn f() {\n    var x: f32;\n    x = vec3f(1.0);\n}\n"
        => AssignTypeMismatch at Some((3, 9));
    uniform_initializer: "@group(0) @binding(0) var<uniform> u: f32 = 1.0;\n"
        => UniformInitializer at Some((1, 23));
    uniform_type: "@group(0) @binding(0) var<uniform> u: sampler;\n"
        => InvalidUniformType at Some((1, 23));
    // Entry point errors carry no span; they are located at the entry point's name.
    missing_vertex_position: "@vertex fn v() -> @location(0) vec4f {\n    return vec4f(1.0);\n}\n"
        => MissingVertexPosition at Some((1, 12));
    vertex_builtin_type: "@vertex fn v() -> @builtin(position) f32 {\n    return 1.0;\n}\n"
        => VertexEntryReturnType at Some((1, 12));
    fragment_output_binding: "@fragment fn f() -> vec4f {\n    return vec4f(1.0);\n}\n"
        => FragmentEntryReturnType at Some((1, 14));
    sampler_input: "@fragment fn f(@location(0) x: sampler) -> @location(0) vec4f {\n    return vec4f(1.0);\n}\n"
        => InvalidVaryingStruct at Some((1, 14));
    integer_varying: "struct V {\n    @builtin(position) p: vec4f,\n    @location(0) i: i32,\n}\n@vertex fn v() -> V {\n    return V(vec4f(1.0), 1);\n}\n"
        => NonFlatIntegerVarying at Some((1, 1));
}

#[test]
fn errors_in_independent_functions_are_all_reported() {
    // `c` calls the broken `a`: `a` is reported once and `c` is checked against its signature.
    let out = check(
        "fn a() -> f32 {\n    return 1u;\n}\nfn b() {\n    break;\n}\nfn c() -> f32 {\n    return a();\n}\n",
    );
    assert_eq!(
        found(&out),
        [
            (DiagnosticCode::ReturnTypeMismatch, Some((2, 12))),
            (DiagnosticCode::MisplacedControlFlow, Some((5, 5))),
        ],
        "{:#?}",
        out.diagnostics
    );
    assert!(out.module.is_none());
}

#[test]
fn a_helper_shared_by_entry_points_is_reported_once() {
    let out = check(
        "fn h() -> f32 {\n    return 1u;\n}\n\
         @vertex fn v() -> @builtin(position) vec4f {\n    return vec4f(h());\n}\n\
         @fragment fn f() -> @location(0) vec4f {\n    let x = h();\n    continue;\n}\n\
         @vertex fn w() -> @location(0) vec4f {\n    return vec4f(h());\n}\n",
    );
    assert_eq!(
        found(&out),
        [
            (DiagnosticCode::ReturnTypeMismatch, Some((2, 12))),
            (DiagnosticCode::MisplacedControlFlow, Some((9, 5))),
            (DiagnosticCode::MissingVertexPosition, Some((11, 12))),
        ],
        "{:#?}",
        out.diagnostics
    );
}

#[test]
fn a_broken_signature_stops_validation() {
    // Stubbing `a`'s body cannot fix its return type, so `b` is not checked.
    let out = check("fn a() -> sampler {\n}\nfn b() {\n    break;\n}\n");
    assert_eq!(
        found(&out),
        [(DiagnosticCode::NonConstructibleReturnType, Some((1, 1)))]
    );
}

#[test]
fn ir_labels_read_as_words() {
    assert_eq!(ir_label("naga::ir::GlobalVariable [2]"), "global variable");
    assert_eq!(ir_label("naga::ir::Function [0]"), "function");
    assert_eq!(ir_label("other"), "other");
}
