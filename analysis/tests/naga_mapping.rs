//! naga's errors in effects: semantic codes, every independent error in one run, and the naga
//! errors that still land on the generic `WgslParseError` / `WgslValidationError` codes.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use analysis::render::Range;
use analysis::{DiagnosticCode, LoadOutput, Options};

fn load(effect: &str) -> LoadOutput {
    let memory = analysis::MemoryLoader(HashMap::from([(
        PathBuf::from("e.wfx"),
        effect.to_string(),
    )]));
    analysis::load_effect_with(Path::new("e.wfx"), &memory, &Options::default())
}

/// (code, line, column) of each diagnostic.
fn found(out: &LoadOutput) -> Vec<(DiagnosticCode, u32, u32)> {
    out.diagnostics
        .iter()
        .map(|d| {
            let range = Range::of(&out.sources, d.span.expect("located"));
            (d.code, range.start.line, range.start.column)
        })
        .collect()
}

#[test]
fn an_effect_reports_the_errors_of_two_independent_functions() {
    let effect = "struct VsOut { @builtin(position) pos: vec4<f32>, @location(0) uv: vec2<f32> }\n\
@vertex fn vs(@builtin(vertex_index) i: u32) -> VsOut {\n\
    let uv = vec2<f32>(f32((i << 1u) & 2u), f32(i & 2u));\n\
    return VsOut(vec4<f32>(uv * 2.0 - 1.0, 0.0, 1.0), uv);\n\
}\n\
fn shade(c: vec4<f32>) -> vec4<f32> {\n\
    return c.x;\n\
}\n\
@fragment fn ps(v: VsOut) -> @location(0) vec4<f32> {\n\
    if v.uv.x { discard; }\n\
    return shade(vec4<f32>(v.uv, 0.0, 1.0));\n\
}\n\
technique T { pass { VertexShader = vs; PixelShader = ps; } }\n";
    let out = load(effect);
    assert_eq!(
        found(&out),
        [
            (DiagnosticCode::ReturnTypeMismatch, 7, 8),
            (DiagnosticCode::NonBoolCondition, 10, 4),
        ],
        "{}",
        out.render_diagnostics()
    );
    assert!(out.effect.is_none());
}

/// naga errors known to keep a generic code: no rule of the analyzer RFC names them. Each entry
/// is WGSL that triggers one, and the start of naga's message. Every parse-error variant has its
/// case in `naga_parse_variants.rs`.
const GENERIC: &[(&str, DiagnosticCode, &str)] = &[
    // Parse errors.
    (
        "fn g() {}\nfn f() { let y = g(); }\n",
        DiagnosticCode::WgslParseError,
        "function does not return any value",
    ),
    (
        "@vertex fn v() -> @builtin(position) vec4f { return vec4f(1.0); }\nfn f() { v(); }\n",
        DiagnosticCode::WgslParseError,
        "entry point cannot be called",
    ),
    (
        "const a = b;\nconst b = a;\n",
        DiagnosticCode::WgslParseError,
        "declaration of `a` is cyclic",
    ),
    (
        "fn f() { let x: f33 = 1.0; }\n",
        DiagnosticCode::UndeclaredIdentifier,
        "no definition in scope for identifier: `f33`",
    ),
    // Validation errors.
    (
        "@group(0) @binding(0) var<private> p: f32;\n",
        DiagnosticCode::WgslValidationError,
        "Global variable [0] 'p' is invalid",
    ),
    (
        "struct V { @builtin(position) p: vec4f, @location(0) a: f32, @location(0) b: f32 }\n\
         @vertex fn v() -> V { return V(vec4f(1.0), 1.0, 2.0); }\n",
        DiagnosticCode::WgslValidationError,
        "Entry point v at Vertex is invalid",
    ),
];

#[test]
fn naga_errors_without_a_semantic_code_are_listed() {
    let mut wrong = Vec::new();
    for &(wgsl, code, message) in GENERIC {
        let out = analysis::wgsl_file::check_wgsl(Path::new("t.wgsl"), wgsl.to_string());
        let got: Vec<_> = out
            .diagnostics
            .iter()
            .map(|d| (d.code, d.message.as_str()))
            .collect();
        let ok = matches!(&got[..], [(c, m)] if *c == code && m.starts_with(message));
        if !ok {
            wrong.push(format!(
                "{wgsl:?}: expected {code} {message:?}, got {got:?}"
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
