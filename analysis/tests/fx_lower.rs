//! ReShade FX lowered to WGSL: the shipped `.fx` assets validate through `load_effect`, an
//! unsupported construct gives one located error, and over the corpus at least the known number
//! of effects validate while naga accepts every module lowering generates.

use std::path::{Path, PathBuf};

use analysis::{
    AddressMode, CompileMode, DiagnosticCode, FilterMode, FsLoader, Options, TextureFormat,
    TextureKind,
};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the analysis crate lives in the workspace root")
        .to_path_buf()
}

/// Effects of the corpus that validate: all 125 but the two prod80 LUT effects, whose images
/// are absent from the corpus (one located `IoError` each).
const CORPUS_VALIDATING: usize = 123;

#[test]
fn shipped_fx_assets_validate() {
    for name in ["vignette.fx", "box_blur.fx"] {
        let out = analysis::load_effect(&repo().join("assets").join(name), &Options::default());
        assert!(
            out.effect.is_some(),
            "{name}:\n{}",
            out.render_diagnostics()
        );
        let effect = out.effect.expect("checked above");
        assert_eq!(effect.techniques().len(), 1, "{name}");
    }
}

/// `ps_code` (which defines `PS`) with a full-screen-triangle vertex shader and a technique
/// running both.
fn with_vs(ps_code: &str) -> String {
    format!(
        "{ps_code}void VS(in uint id : SV_VertexID, out float4 pos : SV_Position, out float2 uv : TEXCOORD)\n\
         {{\n    uv = float2(id == 2 ? 2.0 : 0.0, id == 1 ? 2.0 : 0.0);\n    \
         pos = float4(uv * float2(2, -2) + float2(-1, 1), 0, 1);\n}}\n\
         technique T {{ pass {{ VertexShader = VS; PixelShader = PS; }} }}\n"
    )
}

/// `text` built in `mode`, with no diagnostic.
fn built_in(mode: CompileMode, text: &str) -> analysis::ValidatedEffect {
    let path = repo().join("assets/test_effect.fx");
    let options = Options {
        mode,
        ..Options::default()
    };
    let out = analysis::compile(&path, text.to_string(), &FsLoader, &options);
    assert!(
        out.diagnostics.is_empty(),
        "{mode:?}: {:?}",
        out.diagnostics
    );
    out.effect.expect("valid")
}

fn compile(text: &str) -> analysis::LoadOutput {
    let path = repo().join("assets/test_effect.fx");
    analysis::compile(&path, text.to_string(), &FsLoader, &Options::default())
}

#[test]
fn unsupported_construct_gives_one_located_error() {
    let text = r#"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target
{
    float2 v = uv;
    int i = 0;
    float c = (v[i++] = 2) * 2;
    return float4(v, c, 1);
}
"#;
    let out = compile(&with_vs(text));
    assert!(out.effect.is_none());
    let errors: Vec<_> = out.diagnostics.iter().filter(|d| d.is_error()).collect();
    assert_eq!(errors.len(), 1, "{}", out.render_diagnostics());
    assert_eq!(errors[0].code, DiagnosticCode::UnsupportedFeature);
    let rendered = out.render_diagnostics();
    assert!(rendered.contains("test_effect.fx:6:16:"), "{rendered}");
    assert!(
        rendered.contains("whose target has side effects of its own"),
        "{rendered}"
    );
}

#[test]
fn a_texture_size_out_of_range_is_one_invalid_size_at_its_value() {
    let text = "texture Big { Width = 100000; Height = 4; };\n\
sampler sBig { Texture = Big; };\n\
float4 PS(float4 pos : SV_Position) : SV_Target { return tex2D(sBig, pos.xy); }\n\
void VS(in uint id : SV_VertexID, out float4 pos : SV_Position) { pos = float4(0, 0, 0, 1); }\n\
technique T { pass { VertexShader = VS; PixelShader = PS; RenderTarget = Big; } }\n";
    let out = compile(text);
    let found: Vec<_> = out
        .diagnostics
        .iter()
        .map(|d| d.render_short(&out.sources))
        .collect();
    let path = repo().join("assets/test_effect.fx");
    assert_eq!(
        found,
        [format!(
            "{}:1:23: error[InvalidSize]: 'Width' : value 100000 outside 1..=16384",
            path.display()
        )],
    );
}

#[test]
fn a_missing_image_is_one_io_error_naming_the_file_and_the_texture() {
    let text = r#"
texture LutTex < source = "no-such-lut.png"; > { Width = 32; Height = 32; };
sampler Lut { Texture = LutTex; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target { return tex2D(Lut, uv); }
"#;
    let out = compile(&with_vs(text));
    assert!(out.effect.is_none());
    let errors: Vec<_> = out.diagnostics.iter().filter(|d| d.is_error()).collect();
    assert_eq!(errors.len(), 1, "{}", out.render_diagnostics());
    assert_eq!(errors[0].code, DiagnosticCode::IoError);
    let rendered = out.render_diagnostics();
    assert!(rendered.contains("test_effect.fx:2:"), "{rendered}");
    assert!(
        rendered.contains("'no-such-lut.png' : image for texture 'LutTex' not found"),
        "{rendered}"
    );
}

#[test]
fn constructs_lower_and_validate() {
    // Matrices (row-major constructors, `mul` both ways, `_m00` swizzles), out parameters,
    // compound and swizzled assignments, loops, a switch with grouped labels, the ternary,
    // swizzles and matrix cells as `out` arguments (through temporaries), `sincos`.
    let text = r#"
static const float2x2 Rotate = float2x2(0, -1, 1, 0);
uniform float Amount = 0.5;
void Twice(inout float3 v, out int n) { v *= 2; n = 2; }
void Set(out float a, inout float2 b) { a = 1; b += 2; }
float Pick(int i)
{
    float r = 0;
    switch (i)
    {
        case 0: r += 1; break;
        case 1: case 2: r += 2; break;
        default: r = 5; break;
    }
    return r;
}
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target
{
    float2 a = mul(uv, Rotate) + mul(Rotate, uv);
    float3 c = float3(a, Rotate._m01);
    int n;
    Twice(c, n);
    c.xy += Amount;
    for (int i = 0; i < 3; ++i) { c.z += i; if (c.z > 4) break; }
    int k = 0;
    do { k++; } while (k < n);
    while (k > 0) k--;
    float x = uv.x.xxx.y;
    float2x2 m = float2x2(0, 0, 0, 0);
    Set(c.x, c.yz);
    Set(m._m01, m[1]);
    float s, co;
    sincos(x, s, co);
    return float4(c * Pick(n), x > 0.5 ? 1.0 : 0.0);
}
void VS(in uint id : SV_VertexID, out float4 pos : SV_Position, out float2 uv : TEXCOORD)
{
    uv.x = (id == 2) ? 2.0 : 0.0;
    uv.y = (id == 1) ? 2.0 : 0.0;
    pos = float4(uv * float2(2.0, -2.0) + float2(-1.0, 1.0), 0.0, 1.0);
}
technique T { pass { VertexShader = VS; PixelShader = PS; } }
"#;
    let out = compile(text);
    assert!(out.effect.is_some(), "{}", out.render_diagnostics());
}

#[test]
fn implicit_lod_sampling_of_mipmapped_textures_in_non_uniform_flow_validates() {
    // Valid HLSL (the value is undefined where neighbours diverge, as in WGSL): the generated
    // module must not be rejected by naga's derivative uniformity analysis.
    let text = r#"
texture Mipped { Width = 64; Height = 64; MipLevels = 4; };
sampler MippedS { Texture = Mipped; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target
{
    float4 c = 0;
    if (uv.x > 0.5)
        c = tex2D(MippedS, uv);
    for (int i = 0; i < int(uv.y * 4); i++)
        c += tex2D(MippedS, uv * i) * ddx(uv.x);
    return c;
}
"#;
    let out = compile(&with_vs(text));
    assert!(out.effect.is_some(), "{}", out.render_diagnostics());
}

#[test]
fn side_effects_inside_expressions_and_conditions_validate() {
    let text = r#"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target
{
    int i = 0, n = 0;
    float2 v = uv;
    float a = (v.x = 0.5) + v[i++] + (++i, i--);
    while ((n += 2) < 10) { if (n == 4) continue; i++; }
    do { i--; } while (i-- > 0 && (n = n - 1) > 0);
    for (int k = 0; (k += 2) < 8; v.y = i++) { }
    return float4(v, a, n > 4 ? (i = 1) : (i = 2));
}
"#;
    let out = compile(&with_vs(text));
    assert!(out.effect.is_some(), "{}", out.render_diagnostics());
}

#[test]
fn integer_and_bool_matrices_lower_to_arrays_of_rows_and_validate() {
    // Every construct ReShade 6.1 accepts on integer and bool matrices (asked of its compiler):
    // constructors, conversions both ways, operators, comparisons, rows, cells, swizzles, `mul`
    // in all three forms, `transpose`, (compound) assignment, parameters, returns, a static
    // constant indexed at run time and a uniform.
    let text = r#"
static const int2x2 K = int2x2(1, 2, 3, 4);
uniform uint3x3 U = uint3x3(1, 0, 0, 0, 1, 0, 0, 0, 1);
int2x2 Twice(int2x2 m) { return m * 2; }
void Inc(inout int2x2 m) { m += int2x2(1, 1, 1, 1); }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target
{
    int2x2 a = int2x2(int2(1, 2), 3, 4);
    uint3x3 u = (uint3x3)float3x3(1, 2, 3, 4, 5, 6, 7, 8, 9);
    float2x2 f = a;
    int2x2 h = f;
    int2x2 b = a + h - a * a / 2 % 3;
    b = (b << 1) >> 1 & a | -b ^ ~a;
    bool2x2 c = a < b;
    bool2x2 n = !f;
    int i = (int)pos.x % 2;
    int e = a[i][1 - i] + a._m01 + a._22 + K[i][i] + (int)U[i][i];
    int2 sw = a._m00_m11 + mul(int2(1, 2), a) + mul(a, int2(1, 2)) + a[i];
    int2x2 t = transpose(mul(a, b));
    a[0] = int2(5, 6);
    a[1][1] = 7;
    a._m10_m01 = int2(3, 4);
    a *= int2x2(2, 2, 2, 2);
    Inc(a);
    a = Twice(a);
    float2x2 mf = mul(a, f) + (float2x2)(int2x2)f;
    uint3x3 r = u * U;
    return float4(sw, e + t[1][0] + r[1][2], c[1][0] || n[0][1] ? mf[0][0] : 0);
}
"#;
    let out = compile(&with_vs(text));
    let rendered = out.render_diagnostics();
    let effect = out.effect.expect(&rendered);
    // As a uniform, an array of its rows (each padded to 16 bytes, as in ReShade's constant
    // buffers), its values row by row.
    let u = &effect.uniforms()[0];
    assert_eq!(
        (u.name.as_str(), u.ty.wgsl()),
        ("U", "array<vec3<u32>, 3>".to_string())
    );
    assert_eq!(u.init, [1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0]);
}

/// ReShade's comma operator gives its last part's value, and a constant when that part is
/// one: a uniform's initial value (splat to the uniform's type), an annotation's value and a
/// texture's size take the last part (a mutant of `PD80_04_Technicolor.fx`, fuzzing seed 63).
#[test]
fn comma_sequences_in_constant_places_take_their_last_part() {
    let text = r#"
uniform float3 C < ui_min = (0, 1); > = (0.2, 0.3, 0.4);
uniform float U = 0.5;
static const float A = (U, 0.25);
texture T0 { Width = (3, 4); Height = (1, 2); };
sampler S0 { Texture = T0; };
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return float4(C, A) + tex2D(S0, uv);
}
"#;
    let out = compile(&with_vs(text));
    let rendered = out.render_diagnostics();
    let effect = out.effect.expect(&rendered);
    let c = effect
        .uniforms()
        .iter()
        .find(|u| u.name == "C")
        .expect("uniform C");
    assert_eq!(c.init, [0.4, 0.4, 0.4].map(|v: f32| f64::from(v)));
    let t = effect
        .textures()
        .iter()
        .find(|t| t.name == "T0")
        .expect("texture T0");
    assert!(
        matches!(
            t.kind,
            analysis::TextureKind::Owned {
                width: 4,
                height: 2,
                ..
            }
        ),
        "{:?}",
        t.kind
    );
}

#[test]
fn uniform_arrays_of_matrices_of_every_base_validate_in_both_modes() {
    // ReShade accepts these (asked of its compiler); an integer or bool matrix is an array of
    // its rows, so its uniform array is an array of arrays. Performance mode writes each as a
    // constant of that type.
    let text = with_vs(
        "uniform float2x3 F[2] = { float2x3(1, 2, 3, 4, 5, 6), float2x3(7, 8, 9, 10, 11, 12) };\n\
         uniform int3x2 I[2] = { int3x2(1, -2, 3, -4, 5, -6), int3x2(7, 8, 9, 10, 11, 12) };\n\
         uniform uint2x2 U[3] = { uint2x2(1, 2, 3, 4), uint2x2(5, 6, 7, 8), uint2x2(9, 10, 11, 12) };\n\
         uniform bool2x2 B[2] = { bool2x2(true, false, false, true), bool2x2(false, true, true, false) };\n\
         float4 PS(float4 p : SV_Position) : SV_Target {\n\
             int k = int(p.x) % 2;\n\
             return float4(F[k][1], I[k][2].y + U[k + 1][0].x + (B[k][1].x ? 1 : 0));\n\
         }\n",
    );
    for mode in [CompileMode::Normal, CompileMode::Performance] {
        let effect = built_in(mode, &text);
        let types: Vec<String> = effect.uniforms().iter().map(|u| u.ty.wgsl()).collect();
        assert_eq!(
            types,
            [
                "array<mat2x3<f32>, 2>",
                "array<array<vec2<i32>, 3>, 2>",
                "array<array<vec2<u32>, 2>, 3>",
                "array<array<vec2<bool>, 2>, 2>",
            ]
        );
        if mode == CompileMode::Performance {
            assert!(effect.wgsl().contains(
                "array<array<vec2<i32>, 3>, 2>(array<vec2<i32>, 3>(vec2<i32>(1i, -2i), vec2<i32>(3i, -4i), vec2<i32>(5i, -6i)), "
            ), "{}", effect.wgsl());
        }
    }
}

#[test]
fn performance_mode_leaves_what_compiled_in_values_make_to_run_time() {
    // ReShade compiles a uniform in as a specialization constant, which only the driver folds:
    // `pow` of a negative value, `sqrt` of one and divisions by zero are run-time values there
    // (NaN, infinity), never errors. naga folding a `const` rejected them.
    let text = with_vs(
        "uniform float3 U = float3(-1, 2, 3);\n\
         uniform float Z = 0;\n\
         uniform int N = 0;\n\
         float4 PS(float4 p : SV_Position) : SV_Target {\n\
             return float4(pow(U, 2.5), sqrt(U.x) + 1.0 / Z + log(Z) + float(7 / N) + float(7 % N));\n\
         }\n",
    );
    for mode in [CompileMode::Normal, CompileMode::Performance] {
        let effect = built_in(mode, &text);
        let constant = effect.uniforms().iter().all(|u| u.constant);
        assert_eq!(constant, mode == CompileMode::Performance);
    }
}

#[test]
fn out_arguments_of_another_type_and_inside_expressions_validate() {
    // Temporaries converted both ways and written back right after the call (ReShade's order),
    // places with side effects evaluated once, a global and a static local as `out` arguments,
    // and a loop condition calling a function with an `out` parameter.
    let text = r#"
void F(inout float x) { x += 1.5; }
void G(out int2 v) { v = int2(3, 4); }
float H(inout float3 v) { v *= 2; return v.x; }
float J(out float x) { x = 2.5; return 1; }
static float S = 0.25;
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target
{
    static float kept;
    int i = 2; F(i);
    float2 f; G(f);
    float4 a[3] = { pos, pos, pos };
    int k = 0;
    float r = H(a[k++].xyz) + 1;
    float4 v = 1;
    float q = H(v.xzw) * 2 + J(v.y) + J(S) + J(kept);
    int2x2 m = int2x2(1, 2, 3, 4);
    float z = J(m[1][0]) + J(m._m01);
    while (J(v.w) > q) { q++; }
    return float4(r, q, z, i + f.x + m[1][0]);
}
"#;
    let out = compile(&with_vs(text));
    assert!(out.effect.is_some(), "{}", out.render_diagnostics());
}

/// A compute effect: `code` defines `CS`, run as one 16×16 workgroup before a pixel pass.
fn compute_effect(code: &str) -> String {
    format!(
        "{code}\nfloat4 PS(float4 pos : SV_Position) : SV_Target {{ return 0; }}\n\
         void VS(in uint id : SV_VertexID, out float4 pos : SV_Position) {{ pos = 0; }}\n\
         technique T {{ pass {{ ComputeShader = CS<16, 16>; DispatchSizeX = 1; DispatchSizeY = 1; }}\n\
         pass {{ VertexShader = VS; PixelShader = PS; }} }}\n"
    )
}

const ATOMICS: &str = r#"
texture T { Width = 16; Height = 16; Format = R32I; };
storage2D<int> S { Texture = T; };
groupshared uint Counter;
groupshared int Cells[8];
static int Private;
void CS(uint3 id : SV_DispatchThreadID)
{
    Counter = 0;
    Cells[4 + id.x % 4] = 3;
    barrier();
    uint old = atomicAdd(Counter, 1u) + Counter++;
    int cell = atomicMax(Cells[(id.y % 2) * 4 + id.x % 4], (int)id.x);
    int swapped = atomicCompareExchange(Cells[0], 0, 1) + atomicExchange(Private, 4);
    Counter += 2;
    atomicAnd(S, int2(id.xy), cell);
    atomicMin(S, int2(0, 0), swapped + (int)old);
}
"#;

#[test]
fn atomics_lower_to_wgsl_atomics_and_texture_atomics() {
    // A groupshared variable an atomic writes is an `atomic<T>` (arrays of them too), read and
    // written through atomicLoad/atomicStore; a private one needs no atomics; a storage texel
    // takes `textureAtomic*` and its binding atomic access; the module validates.
    let text = compute_effect(ATOMICS);
    let out = compile(&text);
    assert!(out.effect.is_some(), "{}", out.render_diagnostics());
    let effect = out.effect.expect("checked above");
    assert!(effect.storages().iter().all(|s| s.atomic));
    let path = repo().join("assets/test_effect.fx");
    let loader = analysis::MemoryLoader::new([(path.clone(), text)]);
    let wgsl = analysis::fx::generated_wgsl(&path, &loader, &Options::default()).expect("lowers");
    for expected in [
        "var<workgroup> Counter: atomic<u32>;",
        "var<workgroup> Cells: array<atomic<i32>, 8>;",
        "atomicStore(&Counter, 0u);",
        "= atomicAdd(&Counter, ",
        "atomicLoad(&Counter)",
        "atomicCompareExchangeWeak(&Cells[0i], ",
        "textureAtomicAnd(S, ",
        "textureAtomicMin(S, ",
        "texture_storage_2d<r32sint, atomic>",
    ] {
        assert!(wgsl.contains(expected), "{expected} not in:\n{wgsl}");
    }
    assert!(!wgsl.contains("atomic<i32>, 4>, 2> = "), "{wgsl}");
    assert!(!wgsl.contains("Private: atomic"), "{wgsl}");
}

#[test]
fn texture_atomics_that_wgsl_lacks_are_one_located_error_each() {
    // WGSL's texture atomics return nothing and have no exchange; a target without texture
    // atomics names the capability and how to get it.
    let cases = [
        (
            "uint old = atomicAdd(S, int2(0, 0), 1u);",
            DiagnosticCode::UnsupportedFeature,
            "WGSL's texture atomics return nothing",
        ),
        (
            "atomicExchange(S, int2(0, 0), 1u);",
            DiagnosticCode::UnsupportedFeature,
            "have no exchange",
        ),
    ];
    for (statement, code, words) in cases {
        let text = compute_effect(&format!(
            "texture T {{ Width = 4; Height = 4; Format = R32U; }};\n\
             storage2D<uint> S {{ Texture = T; }};\n\
             void CS(uint3 id : SV_DispatchThreadID) {{ {statement} }}"
        ));
        let out = compile(&text);
        let errors: Vec<_> = out.diagnostics.iter().filter(|d| d.is_error()).collect();
        assert_eq!(errors.len(), 1, "{}", out.render_diagnostics());
        assert_eq!(errors[0].code, code);
        let rendered = out.render_diagnostics();
        assert!(rendered.contains("test_effect.fx:3:"), "{rendered}");
        assert!(rendered.contains(words), "{rendered}");
    }
    let text = compute_effect(
        "texture T { Width = 4; Height = 4; Format = R32U; };\n\
         storage2D<uint> S { Texture = T; };\n\
         void CS(uint3 id : SV_DispatchThreadID) { atomicAdd(S, int2(0, 0), 1u); }",
    );
    let path = repo().join("assets/test_effect.fx");
    let options = Options {
        target: analysis::Target::webgpu(),
        ..Options::default()
    };
    let out = analysis::compile(&path, text, &FsLoader, &options);
    let errors: Vec<_> = out.diagnostics.iter().filter(|d| d.is_error()).collect();
    assert_eq!(errors.len(), 1, "{}", out.render_diagnostics());
    assert_eq!(errors[0].code, DiagnosticCode::MissingCapability);
    let rendered = out.render_diagnostics();
    assert!(rendered.contains("test_effect.fx:3:43:"), "{rendered}");
    assert!(
        rendered.contains("texture atomics, which the webgpu target does not offer"),
        "{rendered}"
    );
}

/// naga's verdict on a WGSL module.
fn naga_error(wgsl: &str) -> Option<String> {
    let module = match naga::front::wgsl::parse_str(wgsl) {
        Ok(m) => m,
        Err(e) => return Some(e.emit_to_string(wgsl)),
    };
    let mut validator = naga::valid::Validator::new(
        naga::valid::ValidationFlags::all(),
        naga::valid::Capabilities::all(),
    );
    validator
        .validate(&module)
        .err()
        .map(|e| format!("{:?}", e.as_inner()))
}

#[test]
fn corpus_effects_lower_and_naga_accepts_all_generated_code() {
    let Some(root) = corpus::dir("reshadefx", "ReShade FX lowering") else {
        return;
    };
    let options = Options::default();
    let performance = Options {
        mode: CompileMode::Performance,
        ..Options::default()
    };
    let all = corpus::files_below(&root, "fx");
    let mut validating = 0;
    let mut failures = Vec::new();
    let mut performance_failures = Vec::new();
    let mut naga_rejected = Vec::new();
    let mut interface_mismatches = Vec::new();
    for path in &all {
        let out = analysis::load_effect(path, &options);
        let name = path
            .strip_prefix(&root)
            .unwrap_or(path)
            .display()
            .to_string();
        if let Some(effect) = &out.effect {
            validating += 1;
            for m in stage_interface_mismatches(effect) {
                interface_mismatches.push(format!("{name}: {m}"));
            }
            // Every uniform compiled in at its initial value must build as well.
            let perf = analysis::load_effect(path, &performance);
            if perf.effect.is_none() {
                let first = perf.diagnostics.iter().find(|d| d.is_error());
                let first = first.map(|d| d.render_short(&perf.sources));
                performance_failures.push(format!("{name}: {}", first.unwrap_or_default()));
            }
        } else {
            let first = out
                .diagnostics
                .iter()
                .find(|d| d.is_error())
                .map(|d| d.render_short(&out.sources))
                .unwrap_or_default();
            failures.push(format!("{name}: {first}"));
        }
        if let Ok(wgsl) = analysis::fx::generated_wgsl(path, &FsLoader, &options)
            && let Some(error) = naga_error(&wgsl)
        {
            naga_rejected.push(format!("{name}: {}", error.lines().next().unwrap_or("")));
        }
    }
    println!("{validating}/{} corpus effects validate", all.len());
    for f in &failures {
        println!("  fails: {f}");
    }
    println!("{} generated modules naga rejects", naga_rejected.len());
    for f in &naga_rejected {
        println!("  naga: {f}");
    }
    assert_eq!(
        validating,
        CORPUS_VALIDATING,
        "effects that validate; the others:\n{}",
        failures.join("\n")
    );
    assert!(
        naga_rejected.is_empty(),
        "naga rejects generated code:\n{}",
        naga_rejected.join("\n")
    );
    assert!(
        performance_failures.is_empty(),
        "effects that do not build in performance mode:\n{}",
        performance_failures.join("\n")
    );
    assert!(
        interface_mismatches.is_empty(),
        "pixel shader inputs their vertex shader does not write (WebGPU rejects the pipeline):\n{}",
        interface_mismatches.join("\n")
    );
}

#[test]
fn each_pass_knows_the_uniforms_it_reads() {
    // Through calls too; a technique's uniforms are what the window greys when it is off.
    let text = r#"
#include "ReShade.fxh"
uniform float A = 0.5;
uniform float B = 0.25;
uniform float C = 1.0;
float Helper() { return C; }
float4 PA(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target { return A; }
float4 PB(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target { return B * Helper(); }
technique TA { pass { VertexShader = PostProcessVS; PixelShader = PA; } }
technique TB { pass { VertexShader = PostProcessVS; PixelShader = PB; } }
"#;
    let out = compile(text);
    let effect = out.effect.expect("compiles");
    let read = |t: usize| -> Vec<&str> {
        effect.techniques()[t].passes[0]
            .uniforms_read()
            .iter()
            .map(|&id| effect.uniform(id).name.as_str())
            .collect()
    };
    assert_eq!(read(0), ["A"]);
    assert_eq!(read(1), ["B", "C"]);
}

/// The WGSL lines of function `name` in the WGSL lowered from `ps_code` (with a vertex shader).
fn function_lines(ps_code: &str, name: &str) -> Vec<String> {
    let text = with_vs(ps_code);
    let path = repo().join("assets/test_effect.fx");
    let loader = analysis::MemoryLoader::new([(path.clone(), text)]);
    let wgsl = analysis::fx::generated_wgsl(&path, &loader, &Options::default()).expect("lowers");
    let start = format!("fn {name}(");
    wgsl.lines()
        .skip_while(|l| !l.starts_with(&start))
        .take_while(|l| *l != "}")
        .map(|l| l.trim().to_string())
        .collect()
}

#[test]
fn operands_before_a_side_effect_are_pinned_only_when_computed() {
    // As ReShade's parser reads them (its HLSL output shows it): a place is read when its
    // operator runs, after later operands' side effects; a computed value where it stands.
    // Without side effects no temporary is made.
    let lines = function_lines(
        "float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target
{
    int n = int(pos.x), k = int(pos.y);
    int plain = n * 2 + k - (n + k) * 3;
    int late = n + (n = 3);
    int early = n * 2 + (n = 4);
    int cond = k > 2 ? k : (k = 7);
    int a[4] = { 1, 2, 3, 4 };
    int picked = a[n + 1] + (n = 0);
    return float4(plain, late, early, cond + picked);
}
",
        "PS",
    );
    let text = lines.join("\n");
    let lets: Vec<&String> = lines.iter().filter(|l| l.starts_with("let fx_t")).collect();
    let has = |needle: &str| lines.iter().any(|l| l.contains(needle));
    assert!(
        has("var plain: i32 = ((n * 2i) + k) - ((n + k) * 3i);"),
        "{text}"
    );
    assert!(has("var late: i32 = n + fx_t"), "{text}");
    assert!(has(": i32 = n * 2i;"), "{text}");
    assert!(has(": bool = k > 2i;"), "{text}");
    assert!(has(": i32 = n + 1i;"), "{text}");
    // The three pins and the four assignments' values; nothing else.
    assert_eq!(lets.len(), 7, "{text}");
}

#[test]
fn a_call_writing_module_scope_is_a_statement_before_the_places_read_after_it() {
    // ReShade calls `Bump` before it reads `G` in `G + Bump()`; a call of a function that writes
    // nothing outside stays inside the expression.
    let lines = function_lines(
        "static float G = 0.5;
float Bump() { G += 0.25; return G; }
float Twice(float x) { return x * 2; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target
{
    float a = G + Bump();
    float b = G + Twice(uv.x);
    return float4(a, b, 0, 1);
}
",
        "PS",
    );
    let text = lines.join("\n");
    let call = lines
        .iter()
        .position(|l| l.ends_with(": f32 = Bump();"))
        .unwrap_or_else(|| panic!("no call statement in:\n{text}"));
    let temp = lines[call]
        .trim_start_matches("let ")
        .split(':')
        .next()
        .expect("a let names its temporary");
    assert_eq!(
        lines[call + 1],
        format!("var a: f32 = G + {temp};"),
        "{text}"
    );
    assert!(
        lines.iter().any(|l| l == "var b: f32 = G + Twice(uv.x);"),
        "{text}"
    );
}

#[test]
fn texture_and_sampler_properties_read_as_reshade_reads_them() {
    // ReShade's rules (its parser, and its compiler's verdict: accepted, with X3571 for the
    // negative mip count): value names in any letter case before anything else, else any
    // constant scalar expression it folds (macros, `static const` values, shifts, integer
    // division) converted to `int`; sizes and mip counts below 1 are 1; formats by number too.
    let text = r#"
#define SIZE_0 int2(BUFFER_WIDTH, BUFFER_HEIGHT)
#define SIZE_1 int2(SIZE_0 >> 1)
static const int N = 7;
static const float F = 2.5;
texture A { Width = SIZE_1.x; Height = N / 2 * 3; MipLevels = 0; Format = RGBA16f; };
texture B { Width = F * 3; Height = (N > 3) * 8; MipLevels = -2; Format = 13; };
texture C { Width = 0; Height = 4; Format = r32F; MipLevels = 9; };
texture D { Width = 64; Height = 64; Format = R16G16B16A16F; MipLevels = 1 << 3; };
sampler sA { Texture = A; AddressU = wrap; AddressV = 2; MinFilter = point; MagFilter = ANISOTROPIC; MipFilter = Linear; SRGBReadEnable = false; MaxMipLevel = 1; MaxLOD = 3.75; };
sampler sC { Texture = C; };
sampler sD { Texture = D; };
float4 PS(float4 p : SV_Position) : SV_Target { return tex2D(sA, p.xy) + tex2D(sC, p.xy) + tex2D(sD, p.xy); }
float4 VS(uint id : SV_VertexID) : SV_Position { return 0; }
technique X { pass { VertexShader = VS; PixelShader = PS; RenderTarget = B; } }
"#;
    let out = compile(text);
    let rendered = out.render_diagnostics();
    let effect = out.effect.unwrap_or_else(|| panic!("{rendered}"));
    let kinds: Vec<(u32, u32, TextureFormat, u32)> = effect
        .textures()
        .iter()
        .map(|t| match t.kind {
            TextureKind::Owned {
                width,
                height,
                format,
                mip_levels,
                ..
            } => (width, height, format, mip_levels),
            TextureKind::Semantic(_) => panic!("{} has a semantic", t.name),
        })
        .collect();
    assert_eq!(
        kinds,
        [
            (640, 9, TextureFormat::RGBA16F, 1),
            (7, 8, TextureFormat::RGBA16F, 1),
            // More levels than the size has are clamped (as ReShade does when it creates it).
            (1, 4, TextureFormat::R32F, 3),
            (64, 64, TextureFormat::RGBA16F, 7),
        ]
    );
    let s = &effect.samplers()[0];
    assert_eq!(s.address[..2], [AddressMode::Wrap, AddressMode::Mirror]);
    // ReShade folds the three filters into one number (MinFilter = POINT, MagFilter =
    // ANISOTROPIC, MipFilter = LINEAR give 0x45), which names no filter mode of its API: its
    // Vulkan runtime then leaves the sampler's filters at their zero value, nearest.
    assert_eq!(
        (s.min_filter, s.mag_filter, s.mip_filter),
        (FilterMode::Point, FilterMode::Point, FilterMode::Point)
    );
    // Sampler values are integers in ReShade too: 3.75 is 3.
    assert_eq!((s.srgb, s.lod_range), (false, (1.0, 3.0)));
}

#[test]
fn render_targets_after_an_empty_slot_are_ignored_with_a_warning() {
    // ReShade's runtime binds targets from slot 0 up to the first empty one: with slot 0 empty
    // the pass renders to the back buffer (NiceGuy's Scatter.fx names only RenderTarget1).
    let text = r#"
texture T { Width = 4; Height = 4; };
float4 PS(float4 p : SV_Position) : SV_Target { return 1; }
float4 VS(uint id : SV_VertexID) : SV_Position { return 0; }
technique X { pass { VertexShader = VS; PixelShader = PS; RenderTarget1 = T; } }
"#;
    let out = compile(text);
    let found: Vec<String> = out
        .diagnostics
        .iter()
        .map(|d| d.render_short(&out.sources))
        .collect();
    let path = repo().join("assets/test_effect.fx");
    assert_eq!(
        found,
        [
            format!(
                "{}:5:75: warning[InvalidRenderStateValue]: 'RenderTarget1' : ignored, as ReShade \
                 ignores it: render targets bind from slot 0 up to the first empty one, 'RenderTarget0'",
                path.display()
            ),
            // Bound nowhere, so the unused-texture lint says so too.
            format!(
                "{}:2:9: warning[UnusedTexture]: 'T' : texture is never used by any pass",
                path.display()
            ),
        ]
    );
    let effect = out.effect.expect("a warning only");
    let pass = &effect.techniques()[0].passes[0];
    assert!(
        pass.render_targets().is_empty(),
        "renders to the back buffer"
    );
}

#[test]
fn array_varyings_take_one_location_per_element() {
    // As ReShade lays them out: `offset[k]` of `: TEXCOORD1` is TEXCOORD1+k, so the pixel
    // shader's `TEXCOORD3` is the vertex shader's `offset[2]`.
    let text = r#"
void VS(in uint id : SV_VertexID, out float4 pos : SV_Position, out float2 uv : TEXCOORD0,
        out float4 offset[3] : TEXCOORD1)
{
    uv = float2(id == 2 ? 2.0 : 0.0, id == 1 ? 2.0 : 0.0);
    pos = float4(uv * float2(2, -2) + float2(-1, 1), 0, 1);
    offset[0] = uv.xyxy; offset[1] = 0; offset[2] = 1;
}
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0, float4 first : TEXCOORD1,
          float4 rest[2] : TEXCOORD2) : SV_Target
{
    return first + rest[1];
}
technique T { pass { VertexShader = VS; PixelShader = PS; } }
"#;
    let out = compile(text);
    assert!(out.effect.is_some(), "{}", out.render_diagnostics());
    let wgsl = analysis::fx::generated_wgsl(
        &repo().join("assets/test_effect.fx"),
        &analysis::MemoryLoader::new([(repo().join("assets/test_effect.fx"), text)]),
        &Options::default(),
    )
    .unwrap_or_default();
    for location in ["@location(1) o2: vec4f", "@location(3) o4: vec4f"] {
        assert!(wgsl.contains(location), "{location} in:\n{wgsl}");
    }
    assert!(wgsl.contains("@location(3) fx_i4: vec4f"), "{wgsl}");
}

/// The `@location` stage inputs (`inputs`) or outputs of entry point `ep`, with their types.
fn stage_locations(
    module: &naga::Module,
    ep: &naga::EntryPoint,
    inputs: bool,
) -> std::collections::BTreeMap<u32, naga::TypeInner> {
    let mut out = std::collections::BTreeMap::new();
    let mut add = |binding: Option<&naga::Binding>, ty: naga::Handle<naga::Type>| {
        if let Some(naga::Binding::Location { location, .. }) = binding {
            out.insert(*location, module.types[ty].inner.clone());
        }
    };
    let mut visit = |binding: Option<&naga::Binding>, ty: naga::Handle<naga::Type>| match &module
        .types[ty]
        .inner
    {
        naga::TypeInner::Struct { members, .. } => {
            for m in members {
                add(m.binding.as_ref(), m.ty);
            }
        }
        _ => add(binding, ty),
    };
    if inputs {
        for a in &ep.function.arguments {
            visit(a.binding.as_ref(), a.ty);
        }
    } else if let Some(r) = &ep.function.result {
        visit(r.binding.as_ref(), r.ty);
    }
    out
}

/// WebGPU's rule for a render pipeline, checked without a GPU: every pixel shader input
/// location is a vertex shader output of the same type. Each pass that breaks it, described.
fn stage_interface_mismatches(effect: &analysis::ValidatedEffect) -> Vec<String> {
    let mut found = Vec::new();
    for t in effect.techniques() {
        for (k, pass) in t.passes.iter().enumerate() {
            let Some(draw) = pass.draw() else { continue };
            let module = effect.module();
            let written = stage_locations(module, effect.entry_point(draw.vertex), false);
            let read = stage_locations(module, effect.entry_point(draw.fragment), true);
            for (location, ty) in &read {
                if written.get(location) != Some(ty) {
                    found.push(format!(
                        "technique {} pass {k}: pixel shader input @location({location}) {ty:?} \
                         is written as {:?}",
                        t.name,
                        written.get(location)
                    ));
                }
            }
        }
    }
    found
}

fn assert_stage_interfaces_match(effect: &analysis::ValidatedEffect) {
    let found = stage_interface_mismatches(effect);
    assert!(found.is_empty(), "{found:?} in:\n{}", effect.wgsl());
}

fn generated(text: &str) -> String {
    let path = repo().join("assets/test_effect.fx");
    let loader = analysis::MemoryLoader::new([(path.clone(), text.to_string())]);
    analysis::fx::generated_wgsl(&path, &loader, &Options::default()).expect("lowers")
}

#[test]
fn texture_parameters_and_results_are_dropped_with_their_arguments() {
    // ReShade 6.1 takes texture parameters (plain, out, passed on, returned) though no
    // intrinsic reads one: they carry nothing, and the calls inside texture arguments still run.
    let ps = r#"
texture2D Tex { Width = 4; Height = 4; };
static int Count = 0;
float F(texture2D t) { return 1; }
float G(out texture2D t, texture2D u) { t = u; return F(u) + F(t); }
texture2D H(texture2D t) { Count++; return t; }
float K(texture2D t) { return G(t, H(t)); }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target
{
    Tex;
    return K(Tex) + Count;
}
"#;
    let out = compile(&with_vs(ps));
    let effect = out
        .effect
        .as_ref()
        .unwrap_or_else(|| panic!("{}", out.render_diagnostics()));
    assert_eq!(naga_error(effect.wgsl()), None);
    assert_eq!(function_lines(ps, "F")[0], "fn F() -> f32 {");
    assert_eq!(function_lines(ps, "G")[0], "fn G() -> f32 {");
    assert_eq!(
        function_lines(ps, "H"),
        ["fn H() {", "Count += 1i;", "return;"]
    );
    // `H(t)` is the argument of a dropped parameter: its call is a statement of its own.
    let body = function_lines(ps, "K");
    let h = body.iter().position(|l| l == "H();").expect("H runs");
    let g = body.iter().position(|l| l.contains("G()")).expect("G runs");
    assert!(h < g, "{body:?}");
}

#[test]
fn built_in_calls_of_constants_are_computed_at_run_time() {
    // naga's constant evaluator rejects `pow(0, 0)`, `exp2(200)` (inside `ldexp`) and the like
    // as out of range; ReShade computes them at run time, so each argument goes through an
    // identity function, including those of calls nested in other calls.
    let ps = "float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target\n{\n    \
              float a = pow(0.0, 0.0) + ldexp(1.0, 200) + sqrt(-1.0);\n    \
              int i = abs(-2147483647 - 1);\n    \
              bool b = pow(saturate(0.0), any(bool2(false, false) & bool4(false, false, false, true)));\n    \
              return a + i + b + pow(uv.x, 2.0);\n}\n";
    let out = compile(&with_vs(ps));
    let effect = out
        .effect
        .as_ref()
        .unwrap_or_else(|| panic!("{}", out.render_diagnostics()));
    assert_eq!(naga_error(effect.wgsl()), None);
    let body = function_lines(ps, "PS").join("\n");
    for call in [
        "pow(fx_runtime_f32(0.0f), fx_runtime_f32(0.0f))",
        "saturate(fx_runtime_f32(0.0f))",
        "exp2(f32(fx_runtime_i32(200i)))",
        // Not all constant: left as it was.
        "pow(uv.x, 2.0f)",
    ] {
        assert!(body.contains(call), "{call} in:\n{body}");
    }
    assert!(body.contains("abs(fx_runtime_i32("), "{body}");
}

#[test]
fn pixel_shader_inputs_the_vertex_shader_does_not_write_read_zero_with_reshades_warning() {
    // The conformance case techniques/pass_ps_semantic_mismatch.fx: ReShade warns X4576 at
    // the pass (8:15) and NORMAL reads 0. A second pass's vertex shader writes NORMAL: there
    // the same pixel shader reads it, at the location both agree on.
    let case = cases().join("techniques/pass_ps_semantic_mismatch.fx");
    let out = analysis::load_effect(&case, &Options::default());
    let effect = out
        .effect
        .as_ref()
        .unwrap_or_else(|| panic!("{}", out.render_diagnostics()));
    let warnings: Vec<String> = out
        .diagnostics
        .iter()
        .filter(|d| d.code == DiagnosticCode::InvalidQualifier)
        .map(|d| d.render_short(&out.sources))
        .collect();
    assert_eq!(
        warnings,
        [format!(
            "{}:8:15: warning[InvalidQualifier]: 'PS2': input parameter 'n' semantic does not \
             match vertex shader one (it reads 0)",
            case.display()
        )]
    );
    assert_stage_interfaces_match(effect);
    let two = cases().join("techniques/pass_ps_semantic_two_passes.fx");
    let out = analysis::load_effect(&two, &Options::default());
    let effect = out
        .effect
        .as_ref()
        .unwrap_or_else(|| panic!("{}", out.render_diagnostics()));
    let lines: Vec<u32> = out
        .diagnostics
        .iter()
        .filter(|d| d.code == DiagnosticCode::InvalidQualifier)
        .map(|d| out.sources.location(d.span.expect("located")).start.line)
        .collect();
    assert_eq!(lines, [6], "one warning, for the pass after CaseVS");
    assert_stage_interfaces_match(effect);
    let wgsl = effect.wgsl();
    // TEXCOORD0 keeps location 0; NORMAL takes the first free one, 1, on both sides.
    assert!(wgsl.contains("@location(1) o2: vec3f"), "{wgsl}");
    assert!(wgsl.contains("@location(1) fx_i1: vec3f"), "{wgsl}");
    // Two wrappers of PS2: reading NORMAL, and (after CaseVS) without it.
    let wrappers = wgsl.matches("@fragment fn fx_ps_").count();
    assert_eq!(wrappers, 2, "{wgsl}");
}

#[test]
fn struct_members_and_several_semantics_the_vertex_shader_lacks_read_zero() {
    for case in [
        "techniques/pass_ps_semantic_struct_missing.fx",
        "techniques/pass_ps_semantic_several_missing.fx",
        "techniques/pass_ps_semantic_texcoord_missing.fx",
        "techniques/pass_ps_semantic_normal_written.fx",
    ] {
        let out = analysis::load_effect(&cases().join(case), &Options::default());
        let effect = out
            .effect
            .as_ref()
            .unwrap_or_else(|| panic!("{}", out.render_diagnostics()));
        assert_eq!(naga_error(effect.wgsl()), None, "{case}");
        assert_stage_interfaces_match(effect);
    }
    let text = generated(
        "struct In { float4 pos : SV_Position; float3 n : NORMAL; float4 c : COLOR0; };\n\
         float4 PS(In i) : SV_Target { return i.n.xyzz + i.c; }\n\
         float4 VS(uint id : SV_VertexID, out float3 n : NORMAL) : SV_Position { n = 1; return 0; }\n\
         technique T { pass { VertexShader = VS; PixelShader = PS; } }\n",
    );
    // NORMAL and COLOR0 take locations 0 and 1 (no TEXCOORD in the effect); the vertex shader
    // writes NORMAL only, so COLOR0 is no input and keeps its zero.
    assert!(text.contains("@location(0) o0: vec3f"), "{text}");
    assert!(text.contains("@location(0) fx_i1: vec3f"), "{text}");
    assert!(!text.contains("@location(1)"), "{text}");
}

fn cases() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/conformance")
}

#[test]
fn parameters_only_read_take_no_copy_and_literals_convert_in_place() {
    // A value parameter the body never writes is read where it arrives; one it assigns,
    // steps or hands to an `out` parameter keeps its `var` copy; an array keeps its copy too.
    // A literal converted to another numeric type is written as the converted literal, and a
    // negated integer stays an integer until converted (`-0` as a float is 0.0, not -0.0).
    let lines = function_lines(
        "void Set(out float v) { v = 1; }
float F(float seen, float assigned, float stepped, float handed, float list[2])
{
    assigned = 2;
    stepped++;
    Set(handed);
    return seen + assigned + stepped + handed + list[int(seen)];
}
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target
{
    float list[2] = { 1, 2 };
    uint u = 3;
    float2 twice = float2(-3, -0);
    float3 splat = 2;
    return float4(F(uv.x, 1, 2, 3, list), u, twice.x + twice.y, splat.x);
}
",
        "F",
    );
    let text = lines.join("\n");
    assert!(lines[0].starts_with("fn F(seen: f32, fx_in_assigned: f32, fx_in_stepped: f32, fx_in_handed: f32, fx_in_list: array<f32, 2>)"), "{text}");
    for copy in ["assigned", "stepped", "handed", "list"] {
        assert!(
            lines.iter().any(|l| l.starts_with(&format!("var {copy}: "))
                && l.ends_with(&format!("= fx_in_{copy};"))),
            "{copy}: {text}"
        );
    }
    assert!(!lines.iter().any(|l| l.contains("fx_in_seen")), "{text}");
    let text = with_vs(
        "float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target
{
    uint u = 3;
    float2 twice = float2(-3, -0);
    float3 splat = 2;
    return float4(u, twice.x + twice.y, splat.x, 1);
}
",
    );
    let wgsl = generated(&text);
    for expected in [
        "var u: u32 = 3u;",
        "var twice: vec2f = vec2f((-3.0f), (0.0f));",
        "var splat: vec3f = vec3f(2.0f);",
    ] {
        assert!(wgsl.contains(expected), "{expected} not in:\n{wgsl}");
    }
    assert!(!wgsl.contains("-0.0f"), "{wgsl}");
}

#[test]
fn casts_that_are_places_write_their_operand() {
    // ReShade keeps a cast to the operand's own type, or to a shorter vector of its base type,
    // as writable as the operand: the writes land in the variable (its swizzle).
    let text = with_vs(
        r#"
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target
{
    float2 a = uv;
    --float2(a);
    float3 v = float3(uv, 1.0);
    (float2)v = a;
    return float4(a, v.xy);
}
"#,
    );
    let path = repo().join("assets/test_effect.fx");
    let loader = analysis::MemoryLoader::new([(path.clone(), text.clone())]);
    let wgsl = analysis::fx::generated_wgsl(&path, &loader, &Options::default()).expect("lowers");
    let out = compile(&text);
    assert!(out.effect.is_some(), "{}", out.render_diagnostics());
    // `--float2(a)` decrements `a`; `(float2)v = a` writes `v.xy`.
    for expected in ["a -= 1.0f;", "v.x = ", "v.y = "] {
        assert!(wgsl.contains(expected), "{expected} not in:\n{wgsl}");
    }
}
