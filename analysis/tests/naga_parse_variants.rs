//! One case per naga WGSL parse-error variant (naga 30's private `front::wgsl::error::Error`):
//! WGSL that triggers it, the code it maps to and the start of naga's message. A variant whose
//! code is the generic `WgslParseError` has no counterpart in the analyzer RFC's catalogue;
//! docs/wgsl-check.md lists those, and the variants no case here reaches, with the reason.

use std::path::Path;

use analysis::DiagnosticCode as C;

/// Braces nested past naga's limit, inside one function.
const NESTED: &str = "NESTED";

/// (variant, WGSL, code, start of the message).
const CASES: &[(&str, &str, C, &str)] = &[
    (
        "Unexpected",
        "fn f() { let x = ; }",
        C::SyntaxError,
        "expected expression, found \";\"",
    ),
    (
        "UnexpectedOperationInConstContext",
        "fn f() { var n = 4; var a: array<f32, n>; }",
        C::NonConstArraySize,
        "this operation is not supported in a const context",
    ),
    (
        "BadNumber",
        "const x = 0x;",
        C::SyntaxError,
        "invalid numeric literal format: `0x`",
    ),
    (
        "BadMatrixScalarKind",
        "var<private> m: mat2x2<i32>;",
        C::UnsupportedType,
        "matrix scalar type must be floating-point, but fou",
    ),
    (
        "BadAccessor",
        "struct S { a: f32 } fn f(s: S) -> f32 { return s.foo; }",
        C::UndeclaredStructMember,
        "invalid field accessor `foo`",
    ),
    (
        "BadTexture",
        "@group(0) @binding(0) var s: sampler; fn f() -> vec4f { return textureLoad(s, vec2i(0), 0); }",
        C::NoMatchingOverload,
        "expected an image, but found `s` which is not an i",
    ),
    (
        "BadTypeCast",
        "fn f(s: sampler) { let y = f32(s); }",
        C::InvalidConversion,
        "cannot cast a sampler to a f32",
    ),
    (
        "NotStorageTexture",
        "@group(0) @binding(0) var t: texture_2d<f32>; fn f() { textureStore(t, vec2i(0), vec4f(0.0)); }",
        C::NoMatchingOverload,
        "textureStore can only be applied to storage textur",
    ),
    (
        "BadTextureSampleType",
        "@group(0) @binding(0) var t: texture_2d<bool>;",
        C::UnsupportedType,
        "texture sample type must be one of f32, i32 or u32",
    ),
    (
        "BadIncrDecrReferenceType",
        "fn f() { var b = true; b++; }",
        C::InvalidUnaryOperand,
        "increment/decrement operation requires reference t",
    ),
    (
        "InvalidResolve",
        "fn f() { let x = 1.0; let y = x[0]; }",
        C::NonIndexableType,
        "'[]' : the indexed value is not an array, vector o",
    ),
    (
        "InvalidBreakIf",
        "fn f() { loop { break if true; } }",
        C::MisplacedControlFlow,
        "A break if is only allowed in a continuing block",
    ),
    (
        "InvalidGatherComponent",
        "@group(0) @binding(0) var t: texture_2d<f32>; @group(0) @binding(1) var s: sampler; fn f() -> vec4f { return textureGather(7, t, s, vec2f(0.0)); }",
        C::NoMatchingOverload,
        "textureGather component `7` doesn't exist, must be",
    ),
    (
        "InvalidConstructorComponentType",
        "fn f() { let y = vec2(true, 1.0); }",
        C::ConstructorArgType,
        "invalid type for constructor component at index [1",
    ),
    (
        "InvalidIdentifierUnderscore",
        "fn f() { let _ = 1; var _: f32; }",
        C::SyntaxError,
        "Identifier can't be `_`",
    ),
    (
        "ReservedIdentifierPrefix",
        "fn __f() {}",
        C::SyntaxError,
        "Identifier starts with a reserved prefix: `__f`",
    ),
    (
        "UnknownAddressSpace",
        "var<push_constant> x: f32;",
        C::UndeclaredIdentifier,
        "unknown address space: `push_constant`",
    ),
    (
        "InvalidLocalVariableAddressSpace",
        "fn f() { var<private> x: f32; }",
        C::WgslParseError,
        "invalid address space for local variable: `private",
    ),
    (
        "RepeatedAttribute",
        "@fragment @fragment fn f() {}",
        C::WgslParseError,
        "repeated attribute: `fragment`",
    ),
    (
        "UnknownAttribute",
        "@second_blend_source fn f() {}",
        C::UndeclaredIdentifier,
        "unknown attribute: `second_blend_source`",
    ),
    (
        "UnknownBuiltin",
        "@fragment fn f(@builtin(nope) x: vec4f) {}",
        C::UndeclaredIdentifier,
        "unknown builtin: `nope`",
    ),
    (
        "UnknownAccess",
        "@group(0) @binding(0) var<storage, sideways> x: f32;",
        C::UndeclaredIdentifier,
        "unknown access: `sideways`",
    ),
    (
        "UnknownIdent",
        "fn f() -> f32 { return y; }",
        C::UndeclaredIdentifier,
        "no definition in scope for identifier: `y`",
    ),
    (
        "UnknownScalarType",
        "@group(0) @binding(0) var t: texture_2d<sampler>;",
        C::UndeclaredIdentifier,
        "unknown scalar type: `sampler`",
    ),
    (
        "UnknownStorageFormat",
        "@group(0) @binding(0) var t: texture_storage_2d<rgba7unorm, write>;",
        C::UndeclaredIdentifier,
        "unknown storage format: `rgba7unorm`",
    ),
    (
        "UnknownConservativeDepth",
        "@fragment @early_depth_test(sideways) fn f() {}",
        C::UndeclaredIdentifier,
        "unknown conservative depth: `sideways`",
    ),
    (
        "UnknownEnableExtension",
        "enable nope;",
        C::UndeclaredIdentifier,
        "unknown enable-extension `nope`",
    ),
    (
        "UnknownLanguageExtension",
        "requires nope;",
        C::UndeclaredIdentifier,
        "unknown language extension `nope`",
    ),
    (
        "SizeAttributeTooLow",
        "struct S { @size(1) a: f32 }",
        C::WgslParseError,
        "struct member size must be at least 4",
    ),
    (
        "AlignAttributeTooLow",
        "struct S { @align(1) a: vec4f }",
        C::WgslParseError,
        "struct member alignment must be at least 16",
    ),
    (
        "NonPowerOfTwoAlignAttribute",
        "struct S { @align(3) a: f32 }",
        C::WgslParseError,
        "struct member alignment must be a power of 2",
    ),
    (
        "InconsistentBinding",
        "@fragment fn f(@location(0) @builtin(position) x: vec4f) {}",
        C::WgslParseError,
        "input/output binding is not consistent",
    ),
    (
        "TypeNotConstructible",
        "fn f() { let s = sampler(); }",
        C::WgslParseError,
        "type `sampler` is not constructible",
    ),
    (
        "TypeNotInferable",
        "fn f() { let a = array(); }",
        C::WgslParseError,
        "type can't be inferred",
    ),
    (
        "InitializationTypeMismatch",
        "fn f() { let x: f32 = 1u; }",
        C::AssignTypeMismatch,
        "the type of `x` is expected to be `f32`, but got `",
    ),
    (
        "DeclMissingTypeAndInit",
        "fn f() { var x; }",
        C::SyntaxError,
        "declaration of `x` needs a type specifier or initi",
    ),
    (
        "MissingAttribute",
        "@binding(0) var<uniform> u: f32;",
        C::WgslParseError,
        "variable `@binding(0)` needs a 'group' attribute",
    ),
    (
        "InvalidAddrOfOperand",
        "fn f() { var v: vec2<i32>; let p = &v.x; }",
        C::WgslParseError,
        "cannot take the address of a vector component",
    ),
    (
        "InvalidAtomicPointer",
        "fn f() { var x: i32; atomicAdd(&x, 1); }",
        C::WgslParseError,
        "atomic operation is done on a pointer to a non-ato",
    ),
    (
        "InvalidAtomicAccess",
        "var<workgroup> a: atomic<i32>; fn f() { let x = a + 1; }",
        C::WgslParseError,
        "atomic variables cannot be accessed directly; use ",
    ),
    (
        "NotPointer",
        "fn f() { let x = 1; let y = *x; }",
        C::InvalidUnaryOperand,
        "the operand of the `*` operator must be a pointer",
    ),
    (
        "NotReference",
        "fn f() { let x = 1; let p = &x; }",
        C::InvalidUnaryOperand,
        "the operand of the `&` operator must be a referenc",
    ),
    (
        "InvalidAssignment",
        "fn f() { let x = 1.0; x = 2.0; }",
        C::AssignTypeMismatch,
        "invalid left-hand side of assignment",
    ),
    (
        "ReservedKeyword",
        "fn f() { let static = 1; }",
        C::SyntaxError,
        "name `static` is a reserved keyword",
    ),
    (
        "Redefinition",
        "fn f() {} fn f() {}",
        C::Redefinition,
        "redefinition of `f`",
    ),
    (
        "RecursiveDeclaration",
        "fn f() -> f32 { return f(); }",
        C::RecursiveFunction,
        "declaration of `f` is recursive",
    ),
    (
        "CyclicDeclaration",
        "fn f() -> f32 { return g(); } fn g() -> f32 { return f(); }",
        C::RecursiveFunction,
        "declaration of `f` is cyclic",
    ),
    (
        "InvalidSwitchSelector",
        "fn f() { switch 1.0 { default {} } }",
        C::NonIntegerSwitch,
        "invalid `switch` selector",
    ),
    (
        "InvalidSwitchCase",
        "fn f() { switch 1 { case 1.0 {} default {} } }",
        C::NonIntegerSwitch,
        "invalid `switch` case selector value",
    ),
    (
        "SwitchCaseTypeMismatch",
        "fn f() { switch 1i { case 1u {} default {} } }",
        C::NonIntegerSwitch,
        "invalid `switch` case selector value",
    ),
    (
        "CalledEntryPoint",
        "@vertex fn v() -> @builtin(position) vec4f { return vec4f(1.0); } fn f() { v(); }",
        C::WgslParseError,
        "entry point cannot be called",
    ),
    (
        "CalledLocalDecl",
        "fn f() { let x = 1; x(); }",
        C::UndefinedFunction,
        "local declaration cannot be called",
    ),
    (
        "WrongArgumentCount",
        "fn f() { let y = max(1.0); }",
        C::NoMatchingOverload,
        "wrong number of arguments: expected 2, found 1",
    ),
    (
        "TooManyArguments",
        "fn f() { let y = max(1.0, 2.0, 3.0); }",
        C::NoMatchingOverload,
        "too many arguments passed to `max`",
    ),
    (
        "WrongArgumentType",
        "fn f() { let y = max(1.0, true); }",
        C::NoMatchingOverload,
        "wrong type passed as argument #2 to `max`",
    ),
    (
        "InconsistentArgumentType",
        "fn f() { let y = max(1.0, 1u); }",
        C::NoMatchingOverload,
        "inconsistent type passed as argument #2 to `max`",
    ),
    (
        "FunctionReturnsVoid",
        "fn g() {} fn f() { let y = g(); }",
        C::WgslParseError,
        "function does not return any value",
    ),
    (
        "FunctionMustUseUnused",
        "@must_use fn g() -> f32 { return 1.0; } fn f() { g(); }",
        C::WgslParseError,
        "unused return value from function annotated with @",
    ),
    (
        "FunctionMustUseReturnsVoid",
        "@must_use fn g() {}",
        C::WgslParseError,
        "function annotated with @must_use but does not ret",
    ),
    (
        "FunctionMustUseOnNonFunction",
        "@must_use var<private> x: f32;",
        C::WgslParseError,
        "attribute `@must_use` is only valid on function de",
    ),
    (
        "InvalidWorkGroupUniformLoad",
        "var<private> x: f32; fn f() { let y = workgroupUniformLoad(&x); }",
        C::NoMatchingOverload,
        "incorrect type passed to workgroupUniformLoad",
    ),
    (
        "ExpectedConstExprConcreteIntegerScalar",
        "@compute @workgroup_size(1.5) fn f() {}",
        C::WgslParseError,
        "must be a const-expression that resolves to a conc",
    ),
    (
        "ExpectedNonNegative",
        "@group(0) @binding(-1) var<uniform> u: f32;",
        C::WgslParseError,
        "must be non-negative (>= 0)",
    ),
    (
        "ExpectedPositiveArrayLength",
        "var<private> a: array<f32, 0>;",
        C::InvalidSize,
        "array element count must be positive (> 0)",
    ),
    (
        "MissingWorkgroupSize",
        "@compute fn f() {}",
        C::WgslParseError,
        "workgroup size is missing on compute shader entry ",
    ),
    (
        "ConstantEvaluatorError",
        "const y = 1 / 0;",
        C::ConstDivideByZero,
        "Division by zero",
    ),
    (
        "AutoConversion",
        "var<workgroup> a: atomic<i32>; fn f() { atomicAdd(&a, 1.0); }",
        C::InvalidConversion,
        "automatic conversions cannot convert elements of `",
    ),
    (
        "ConcretizationFailed",
        "fn f() { let y = 1.0 + 1u; }",
        C::InvalidConversion,
        "failed to convert expression to a concrete type",
    ),
    (
        "ExceededLimitForNestedBraces",
        NESTED,
        C::SyntaxError,
        "brace nesting limit reached",
    ),
    (
        "PipelineConstantIDValue",
        "@id(70000) override x: f32;",
        C::WgslParseError,
        "pipeline constant ID must be between 0 and 65535 i",
    ),
    (
        "NotBool",
        "const_assert 1;",
        C::WgslParseError,
        "must be a const-expression that resolves to a `boo",
    ),
    (
        "ConstAssertFailed",
        "const_assert false;",
        C::WgslParseError,
        "`const_assert` failure",
    ),
    (
        "DirectiveAfterFirstGlobalDecl",
        "const a = 1; enable f16;",
        C::SyntaxError,
        "expected global declaration, but found a global di",
    ),
    (
        "EnableExtensionNotYetImplemented",
        "enable subgroups;",
        C::WgslParseError,
        "the `subgroups` enable-extension is not yet suppor",
    ),
    (
        "EnableExtensionNotEnabled",
        "fn f(x: f16) {}",
        C::MissingCapability,
        "the `f16` enable extension is not enabled",
    ),
    (
        "LanguageExtensionNotYetImplemented",
        "requires unrestricted_pointer_parameters;",
        C::WgslParseError,
        "the `unrestricted_pointer_parameters` language ext",
    ),
    (
        "DiagnosticInvalidSeverity",
        "diagnostic(sideways, derivative_uniformity);",
        C::WgslParseError,
        "invalid `diagnostic(…)` severity",
    ),
    (
        "DiagnosticDuplicateTriggeringRule",
        "diagnostic(off, derivative_uniformity); diagnostic(warning, derivative_uniformity);",
        C::WgslParseError,
        "found conflicting `diagnostic(…)` rule(s)",
    ),
    (
        "DiagnosticAttributeNotYetImplementedAtParseSite",
        "fn f() { @diagnostic(off, derivative_uniformity) let x = 1; }",
        C::WgslParseError,
        "`@diagnostic(…)` attribute(s) not yet implemented",
    ),
    (
        "DiagnosticAttributeNotSupported",
        "@diagnostic(off, derivative_uniformity) var<private> x: f32;",
        C::WgslParseError,
        "`@diagnostic(…)` attribute(s) on `var`s are not su",
    ),
    (
        "SelectUnexpectedArgumentType",
        "@group(0) @binding(0) var s: sampler; fn f() { let y = select(s, s, true); }",
        C::NoMatchingOverload,
        "unexpected argument type for `select` call",
    ),
    (
        "SelectRejectAndAcceptHaveNoCommonType",
        "fn f() { let y = select(1.0, true, true); }",
        C::NoMatchingOverload,
        "type mismatch for reject and accept values in `sel",
    ),
    (
        "StructMemberTooLarge",
        "struct S { a: array<vec4f, 268435456>, b: array<vec4f, 268435456> }",
        C::InvalidSize,
        "struct member is too large",
    ),
    (
        "TypeTooLarge",
        "var<private> a: array<array<vec4f, 268435456>, 2>;",
        C::InvalidSize,
        "type is too large",
    ),
    (
        "UnexpectedExprForEnumerant",
        "var<1> x: f32;",
        C::SyntaxError,
        "unexpected expression",
    ),
    (
        "UnusedArgsForTemplate",
        "var<private> x: f32<i32>;",
        C::SyntaxError,
        "unused expressions for template",
    ),
    (
        "MissingTemplateArg",
        "var<private> x: vec3;",
        C::SyntaxError,
        "`vec3` needs a template argument specified: `T`, a",
    ),
    (
        "UnexpectedExprForTypeExpression",
        "var<private> x: array<1, 2>;",
        C::SyntaxError,
        "unexpected expression",
    ),
    (
        "UnterminatedBlockComment",
        "/* never closed",
        C::SyntaxError,
        "unterminated block comment",
    ),
];

#[test]
fn every_parse_error_variant_maps_to_its_code() {
    let nested = format!("fn f() {}{}", "{".repeat(300), "}".repeat(300));
    let mut wrong = Vec::new();
    for &(variant, wgsl, code, message) in CASES {
        let wgsl = if wgsl == NESTED {
            nested.as_str()
        } else {
            wgsl
        };
        let out = analysis::wgsl_file::check_wgsl(Path::new("t.wgsl"), format!("{wgsl}\n"));
        let got: Vec<_> = out
            .diagnostics
            .iter()
            .map(|d| (d.code, d.message.as_str()))
            .collect();
        let ok = matches!(&got[..], [(c, m)] if *c == code && m.starts_with(message));
        if !ok {
            wrong.push(format!(
                "{variant}: expected {code} {message:?}, got {got:?}"
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn cases_name_distinct_variants() {
    let mut names: Vec<_> = CASES.iter().map(|c| c.0).collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), CASES.len());
}
