//! Plain WGSL checked against targets (`MissingCapability` in user words, granted and gone on
//! past), and every independent front-end error of a file in one run.

use std::path::Path;

use analysis::render::Range;
use analysis::wgsl_file::{WgslOutput, check_wgsl_for};
use analysis::{DiagnosticCode, Target};

fn check(text: &str, target: &Target) -> WgslOutput {
    check_wgsl_for(Path::new("t.wgsl"), text.to_string(), target)
}

/// (code, start line, start column, end line, end column) of each diagnostic.
fn found(out: &WgslOutput) -> Vec<(DiagnosticCode, u32, u32, u32, u32)> {
    out.diagnostics
        .iter()
        .map(|d| {
            let r = Range::of(&out.sources, d.span.expect("located"));
            (
                d.code,
                r.start.line,
                r.start.column,
                r.end.line,
                r.end.column,
            )
        })
        .collect()
}

/// Core WebGPU that a narrow capability set used to reject.
const CORE_WEBGPU: &str = "\
@group(0) @binding(0) var video: texture_external;
@group(0) @binding(1) var s: sampler;
@fragment fn main(@location(0) uv: vec2f) -> @location(0) vec4f {
    let packed = pack2x16float(uv);
    return textureSampleBaseClampToEdge(video, s, unpack2x16float(packed));
}
";

#[test]
fn core_webgpu_is_clean_on_webgpu_and_native() {
    for target in [Target::webgpu(), Target::native()] {
        let out = check(CORE_WEBGPU, &target);
        assert!(
            out.diagnostics.is_empty(),
            "{}: {:#?}",
            target.name,
            out.diagnostics
        );
        assert!(out.module.is_some());
    }
}

#[test]
fn vulkan_lacks_external_textures() {
    let out = check(CORE_WEBGPU, &Target::vulkan());
    assert_eq!(
        found(&out),
        [(DiagnosticCode::MissingCapability, 1, 34, 1, 50)],
        "{:#?}",
        out.diagnostics
    );
    let d = &out.diagnostics[0];
    assert_eq!(
        d.message,
        "the shader uses external textures (texture_external), which the vulkan target does \
         not offer"
    );
}

const INT64: &str = "\
fn wide(x: i32) -> i64 {
    return i64(x) * 2li;
}
fn broken() -> f32 {
    return 1u;
}
";

#[test]
fn int64_is_a_missing_capability_in_user_words_on_webgpu() {
    let out = check(INT64, &Target::webgpu());
    // The capability is reported once, at the first `i64`, then granted: the unrelated error in
    // `broken` is still found, and nothing about `wide` is reported twice.
    assert_eq!(
        found(&out),
        [
            (DiagnosticCode::MissingCapability, 1, 20, 1, 23),
            (DiagnosticCode::ReturnTypeMismatch, 5, 12, 5, 14),
        ],
        "{:#?}",
        out.diagnostics
    );
    let d = &out.diagnostics[0];
    assert_eq!(
        d.message,
        "the shader uses 64-bit integers, which the webgpu target does not offer"
    );
    assert_eq!(
        d.notes[0],
        "to use it: WebGPU has no extension for it; native wgpu offers it as \
         `wgpu::Features::SHADER_INT64` (check with `--target native`)"
    );
}

#[test]
fn int64_is_fine_natively() {
    let out = check(INT64, &Target::native());
    assert_eq!(
        found(&out),
        [(DiagnosticCode::ReturnTypeMismatch, 5, 12, 5, 14)],
        "{:#?}",
        out.diagnostics
    );
}

#[test]
fn a_device_without_f64_says_so() {
    let device = Target::device("Test GPU", naga::valid::Capabilities::default());
    let out = check("var<private> x: f64;\n", &device);
    assert_eq!(
        found(&out),
        [(DiagnosticCode::MissingCapability, 1, 17, 1, 20)],
        "{:#?}",
        out.diagnostics
    );
    assert_eq!(
        out.diagnostics[0].message,
        "the shader uses f64 (64-bit floats), which this device (Test GPU) does not offer"
    );
}

#[test]
fn webgpu_enables_grant_their_capability() {
    let f16 = "enable f16;\nfn half(x: f16) -> f16 { return x * 2h; }\n";
    assert!(check(f16, &Target::webgpu()).diagnostics.is_empty());
    // Without the directive naga's parser refuses `f16` on any target.
    let out = check("fn half(x: f16) -> f16 { return x; }\n", &Target::native());
    assert_eq!(
        found(&out),
        [(DiagnosticCode::MissingCapability, 1, 12, 1, 15)],
        "{:#?}",
        out.diagnostics
    );
}

/// Front-end errors in four functions, one of each kind common while editing, and a validation
/// error in a fifth.
const FIVE_BROKEN: &str = "\
fn undefined() -> f32 {
    return missing;
}
fn misspelled() {
    var v: vec3<flaot>;
}
fn syntax() -> f32 {
    let x = ;
    return x;
}
fn ok() -> f32 {
    return undefined() + syntax();
}
fn short() { }
fn unknown_call() { nope(); }
fn typed() -> f32 {
    return 1u;
}
";

#[test]
fn every_independent_error_in_one_run() {
    let out = check(FIVE_BROKEN, &Target::native());
    assert_eq!(
        found(&out),
        [
            (DiagnosticCode::UndeclaredIdentifier, 2, 12, 2, 19),
            (DiagnosticCode::UndeclaredIdentifier, 5, 17, 5, 22),
            (DiagnosticCode::SyntaxError, 8, 13, 8, 14),
            (DiagnosticCode::UndefinedFunction, 15, 21, 15, 25),
            (DiagnosticCode::ReturnTypeMismatch, 17, 12, 17, 14),
        ],
        "{:#?}",
        out.diagnostics
    );
    assert!(out.module.is_none());
}

#[test]
fn an_error_outside_any_body_stops_after_it() {
    // The struct's misspelled member type could be the cause of anything that uses `S`.
    let out = check(
        "struct S { a: flaot }\nfn f() -> f32 {\n    return nope;\n}\n",
        &Target::native(),
    );
    assert_eq!(
        found(&out),
        [(DiagnosticCode::UndeclaredIdentifier, 1, 15, 1, 20)],
        "{:#?}",
        out.diagnostics
    );
}
