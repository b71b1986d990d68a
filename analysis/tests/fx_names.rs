//! Names in the WGSL that ReShade FX lowers to never collide, whatever the user named things:
//! each kind of user name (static and uniform globals, locals, parameters, functions, structs
//! and their members, textures, samplers, namespaced names) is taken, one effect per kind,
//! from every WGSL keyword, reserved word, predeclared type and built-in function (naga's own
//! lists) and every name lowering generates, beside code that makes lowering call those
//! built-ins (`lerp` → `mix`, `?:` → `select`, `tex2D` → `textureSample*`, ...). Every such
//! effect must validate, with naga's verdict and no error.

use std::path::{Path, PathBuf};

use analysis::fx::lexer::{TokenKind, classify_word};
use analysis::{FsLoader, MemoryLoader, Options};

/// Names lowering and the shared half generate, and spellings near them (escapes, joins,
/// suffixes), so that a user name taking one is covered too.
const GENERATED_LIKE: &[&str] = &[
    "fx_t1",
    "fx_t2",
    "fx_vs_0",
    "fx_ps_1",
    "fx_ps_1_out",
    "fx_a0",
    "fx_i0",
    "fx_r",
    "fx_o",
    "fx_o1_F",
    "fx_in_x",
    "fx_tex_s",
    "fx_u4_loop",
    "fx_l4_loop",
    "fx_m_add_i2x2",
    "fx_m_cvt_f2x2_i2x2",
    "fx_nearest2_u32_clamp",
    "fx_grad_level2",
    "fxbench_uniforms",
    "FxbenchUniforms",
    "fxbench_load_uniforms",
    "Tex_fxbench_srgb",
    "x_in",
    "s_tex",
    "F_3",
    "N_B",
    "N__B",
    "_x",
    "__x",
    "x__y",
    "x_",
    "a0",
    "i0",
    "r",
    "o",
];

/// FX intrinsics the generated code below calls by their FX names; a user global named like
/// one would hide it from the FX code itself (ReShade: "represents a variable, not a
/// function"), so those stay out of the name lists. Their WGSL names (`mix`, `fract`, ...)
/// are in.
const CALLED: &[&str] = &[
    "lerp",
    "frac",
    "rsqrt",
    "tex2D",
    "tex2Dlod",
    "tex2Dfetch",
    "tex2Dsize",
    "mad",
    "asfloat",
    "mul",
    "isnan",
    "ddx",
    "saturate",
    "abs",
    "min",
];

/// Every word a user name is taken from: WGSL's and the generated ones, that FX reads as an
/// identifier.
fn words() -> Vec<&'static str> {
    let wgsl = naga::keywords::wgsl::RESERVED
        .iter()
        .chain(naga::keywords::wgsl::BUILTIN_IDENTIFIERS);
    let mut words: Vec<&'static str> = wgsl
        .chain(GENERATED_LIKE)
        .copied()
        .filter(|w| classify_word(w) == TokenKind::Ident && !CALLED.contains(w))
        .collect();
    words.sort_unstable();
    words.dedup();
    words
}

/// Code calling the intrinsics whose WGSL forms are built-ins, on `x` (a float) and sampler
/// `s`: every built-in lowering writes for them must still mean the built-in.
fn intrinsic_calls(x: &str, s: &str) -> String {
    format!(
        "float4 t = tex2D({s}, float2({x}, 0.5)) + tex2Dlod({s}, float4({x}, 0.5, 0, 0)) \
         + tex2Dfetch({s}, int2(0, 0)) + float4(tex2Dsize({s}, 0), 0, 0);\n\
         float2x2 m = float2x2({x}, 1, 2, 3);\n\
         float k = lerp({x}, 2, 0.5) + frac({x}) + rsqrt({x} + 1) + mad({x}, 2, 1) \
         + {x} % 2 + asfloat(asint({x})) + mul(float2({x}, 1), m).x + ddx({x}) \
         + (isnan({x}) ? 1 : 0) + ({x} > 0.5 ? 2 : 3) + saturate({x}) + abs({x}) + min({x}, 1);\n\
         int2 v = int2(3, 4) % 2;\n\
         t += k + v.x;\n"
    )
}

/// An effect around `globals` and a pixel shader body `ps` (which returns), sampling `s`.
fn effect(globals: &str, ps: &str) -> String {
    format!(
        "texture fxTestTex {{ Width = 4; Height = 4; }};\n\
         sampler fxTestSampler {{ Texture = fxTestTex; }};\n\
         {globals}\n\
         float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target\n{{\n{ps}}}\n\
         void VS(in uint id : SV_VertexID, out float4 pos : SV_Position, out float2 uv : TEXCOORD)\n\
         {{\n    uv = float2(id == 2 ? 2.0 : 0.0, id == 1 ? 2.0 : 0.0);\n    \
         pos = float4(uv * float2(2, -2) + float2(-1, 1), 0, 1);\n}}\n\
         technique T {{ pass {{ VertexShader = VS; PixelShader = PS; }} }}\n"
    )
}

fn path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the analysis crate lives in the workspace root")
        .join("assets/name_test.fx")
}

/// Compiles `text`; the error list (rendered) when it does not validate.
fn errors(text: &str) -> Option<String> {
    let out = analysis::compile(&path(), text.to_string(), &FsLoader, &Options::default());
    if out.effect.is_some() && out.diagnostics.iter().all(|d| !d.is_error()) {
        return None;
    }
    let loader = MemoryLoader::new([(path(), text)]);
    let wgsl =
        analysis::fx::generated_wgsl(&path(), &loader, &Options::default()).unwrap_or_default();
    Some(format!(
        "{}\n--- WGSL ---\n{wgsl}",
        out.render_diagnostics()
    ))
}

fn assert_validates(kind: &str, text: &str) {
    if let Some(e) = errors(text) {
        panic!("{kind} named after WGSL and generated names:\n{e}");
    }
}

#[test]
fn the_word_list_covers_wgsl_builtins_keywords_and_generated_names() {
    let w = words();
    for expected in [
        "mix",
        "select",
        "textureSample",
        "textureSampleLevel",
        "bitcast",
        "fract",
        "vec4",
        "f32",
        "loop",
        "let",
        "fn",
        "var",
        "fxbench_uniforms",
        "fx_t1",
        "__x",
    ] {
        assert!(w.contains(&expected), "{expected} missing");
    }
    // FX keywords and types are not FX identifiers, so not user names.
    assert!(!w.contains(&"float") && !w.contains(&"return") && !w.contains(&"struct"));
    assert!(w.len() > 300, "{} words", w.len());
}

#[test]
fn static_globals_named_like_wgsl_and_generated_names_validate() {
    let mut globals = String::new();
    let mut sum = String::from("float x = uv.x;\n");
    for (i, w) in words().iter().enumerate() {
        globals.push_str(&format!("static float {w} = {i};\n"));
        sum.push_str(&format!("x += {w};\n"));
    }
    // A namespaced name joins its parts, apart from a plain name of the same spelling.
    globals.push_str("namespace N { static float B = 100; }\n");
    sum.push_str("x += N::B;\n");
    let ps = format!("{sum}{}return t;\n", intrinsic_calls("x", "fxTestSampler"));
    assert_validates("static globals", &effect(&globals, &ps));
}

#[test]
fn uniforms_named_like_wgsl_and_generated_names_validate() {
    let mut globals = String::new();
    let mut sum = String::from("float x = uv.x;\n");
    for w in words() {
        globals.push_str(&format!("uniform float {w} = 0.5;\n"));
        sum.push_str(&format!("x += {w};\n"));
    }
    let ps = format!("{sum}{}return t;\n", intrinsic_calls("x", "fxTestSampler"));
    assert_validates("uniforms", &effect(&globals, &ps));
}

#[test]
fn locals_named_like_wgsl_and_generated_names_validate() {
    let mut ps = String::from("float x = uv.x;\n");
    for (i, w) in words().iter().enumerate() {
        ps.push_str(&format!("float {w} = {i};\nx += {w};\n"));
    }
    ps.push_str(&intrinsic_calls("x", "fxTestSampler"));
    ps.push_str("return t;\n");
    assert_validates("locals", &effect("", &ps));
}

#[test]
fn parameters_named_like_wgsl_and_generated_names_validate() {
    let mut globals = String::new();
    let mut ps = String::from("float x = uv.x;\n");
    for (i, w) in words().iter().enumerate() {
        // A value, an `inout` and a sampler parameter of that name, each used beside the
        // built-ins the intrinsics lower to.
        globals.push_str(&format!(
            "float4 H{i}(float {w}) {{ float x = {w};\n{}return t; }}\n\
             void J{i}(inout float {w}) {{ {w} = lerp({w}, 1, 0.5); }}\n\
             float4 K{i}(sampler {w}) {{ float x = 0.25;\n{}return t; }}\n",
            intrinsic_calls("x", "fxTestSampler"),
            intrinsic_calls("x", w),
        ));
        ps.push_str(&format!(
            "x += H{i}(x).x; J{i}(x); x += K{i}(fxTestSampler).x;\n"
        ));
    }
    ps.push_str("return x;\n");
    assert_validates("parameters", &effect(&globals, &ps));
}

#[test]
fn functions_named_like_wgsl_and_generated_names_validate() {
    let mut globals = String::new();
    let mut ps = String::from("float x = uv.x;\n");
    for w in words() {
        // Two overloads, so the overload names are covered too.
        globals.push_str(&format!(
            "float {w}(float a) {{ return a * 2; }}\nfloat {w}(int a) {{ return a; }}\n"
        ));
        ps.push_str(&format!("x += {w}(x) + {w}(1);\n"));
    }
    ps.push_str(&intrinsic_calls("x", "fxTestSampler"));
    ps.push_str("return t;\n");
    assert_validates("functions", &effect(&globals, &ps));
}

#[test]
fn structs_and_members_named_like_wgsl_and_generated_names_validate() {
    let mut globals = String::new();
    let mut ps = String::from("float x = uv.x;\n");
    for (i, w) in words().iter().enumerate() {
        globals.push_str(&format!("struct {w} {{ float {w}; float2 second; }};\n"));
        ps.push_str(&format!(
            "{w} v{i}; v{i}.{w} = x; v{i}.second = uv; x += v{i}.{w} + v{i}.second.y;\n"
        ));
    }
    ps.push_str(&intrinsic_calls("x", "fxTestSampler"));
    ps.push_str("return t;\n");
    assert_validates("structs and members", &effect(&globals, &ps));
}

#[test]
fn textures_and_locals_named_like_them_validate() {
    // Each texture is sampled through its sampler from a function whose local of the same
    // name hides the texture from FX code, but not from the code lowering generates.
    let mut globals = String::new();
    let mut ps = String::from("float x = uv.x;\nfloat4 t = 0;\n");
    for (i, w) in words().iter().enumerate() {
        globals.push_str(&format!(
            "texture {w} {{ Width = 2; Height = 2; }};\nsampler S{i} {{ Texture = {w}; }};\n"
        ));
        ps.push_str(&format!(
            "{{ float {w} = {i}; t += tex2D(S{i}, uv) * {w} + tex2Dfetch(S{i}, int2(0, 0)); }}\n"
        ));
    }
    ps.push_str("return t + x;\n");
    assert_validates("textures", &effect(&globals, &ps));
}

#[test]
fn samplers_named_like_wgsl_and_generated_names_validate() {
    let mut globals = String::new();
    let mut ps = String::from("float x = uv.x;\nfloat4 t = 0;\n");
    for w in words() {
        globals.push_str(&format!("sampler {w} {{ Texture = fxTestTex; }};\n"));
        ps.push_str(&format!(
            "t += tex2D({w}, uv) + tex2Dlod({w}, float4(uv, 0, 0));\n"
        ));
    }
    ps.push_str("return t + x;\n");
    assert_validates("samplers", &effect(&globals, &ps));
}
