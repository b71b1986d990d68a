//! The front end on small effects: model summaries, located diagnostics, include mapping, the two
//! compile modes, and every shipped effect.

use std::path::{Path, PathBuf};

use analysis::{CompileMode, LoadOutput, Options};

const HEADER: &str = "struct VsOut { @builtin(position) pos: vec4<f32>, @location(0) uv: vec2<f32> }\n\
@vertex fn vs(@builtin(vertex_index) i: u32) -> VsOut {\n\
    let uv = vec2<f32>(f32((i << 1u) & 2u), f32(i & 2u));\n\
    return VsOut(vec4<f32>(uv * 2.0 - 1.0, 0.0, 1.0), uv);\n\
}\n";

fn load(files: &[(&str, &str)], options: &Options) -> LoadOutput {
    let memory = analysis::MemoryLoader(
        files
            .iter()
            .map(|(p, t)| (PathBuf::from(p), t.to_string()))
            .collect(),
    );
    analysis::load_effect_with(Path::new(files[0].0), &memory, options)
}

fn diagnostics(out: &LoadOutput) -> Vec<String> {
    out.diagnostics
        .iter()
        .map(|d| d.render_short(&out.sources))
        .collect()
}

/// Member offsets and size of the uniform struct as naga laid it out.
fn naga_uniform_layout(fx: &analysis::ValidatedEffect) -> (Vec<u32>, u32) {
    let (_, ty) = fx
        .module()
        .types
        .iter()
        .find(|(_, ty)| ty.name.as_deref() == Some("FxbenchUniforms"))
        .expect("generated uniform struct");
    let naga::TypeInner::Struct { members, span } = &ty.inner else {
        panic!("not a struct")
    };
    (members.iter().map(|m| m.offset).collect(), *span)
}

#[test]
fn a_two_pass_effect_lowers_to_the_model() {
    let effect = "#include \"h.wfxh\"\n\
uniform Amount: f32 < ui_type = \"slider\"; ui_max = 2.0; > = 0.25;\n\
uniform Tint: vec3<f32> = vec3<f32>(1.0, 0.5, 0.0);\n\
uniform Flip: bool = true;\n\
texture Color : COLOR;\n\
texture Half { Width = BUFFER_WIDTH / 2; Height = BUFFER_HEIGHT / 4; Format = RGBA16F; };\n\
sampler S { Texture = Color; MagFilter = POINT; AddressU = WRAP; };\n\
@fragment fn down(v: VsOut) -> @location(0) vec4<f32> { return textureSample(Color, S, v.uv) * Amount; }\n\
@fragment fn up(v: VsOut) -> @location(0) vec4<f32> { if Flip { return vec4<f32>(Tint, 1.0); } return textureLoad(Half, vec2<i32>(0), 0); }\n\
technique Two < ui_label = \"Two passes\"; enabled = true; > {\n\
  pass A { VertexShader = vs; PixelShader = down; RenderTarget = Half; }\n\
  pass { VertexShader = vs; PixelShader = up; }\n\
}\n";
    let out = load(
        &[("fx/two.wfx", effect), ("fx/h.wfxh", HEADER)],
        &Options::default(),
    );
    assert_eq!(diagnostics(&out), Vec::<String>::new());
    let fx = out.effect.expect("valid");
    let summary: Vec<String> = fx
        .uniforms()
        .iter()
        .map(|u| format!("{}: {} @{} = {:?}", u.name, u.ty.wgsl(), u.offset, u.init))
        .collect();
    assert_eq!(
        summary,
        [
            "Amount: f32 @0 = [0.25]",
            "Tint: vec3<f32> @16 = [1.0, 0.5, 0.0]",
            "Flip: bool @28 = [1.0]"
        ]
    );
    assert_eq!(fx.uniform_buffer_size(), 32);
    assert_eq!(
        fx.textures()[1].kind,
        analysis::TextureKind::Owned {
            width: 640,
            height: 180,
            depth: 1,
            format: analysis::TextureFormat::RGBA16F,
            mip_levels: 1
        }
    );
    let t = &fx.techniques()[0];
    assert_eq!(
        (t.label(), t.enabled_by_default(), t.passes.len()),
        ("Two passes", true, 2)
    );
    // Pass A reads uniforms, Color and S; pass 2 reads uniforms and Half only.
    let bindings = |p: usize| -> Vec<String> {
        t.passes[p]
            .bindings()
            .iter()
            .map(|b| format!("{}:{:?}", b.binding, b.resource))
            .collect()
    };
    assert_eq!(
        bindings(0),
        [
            "0:Uniforms",
            "1:Texture(TextureId(0))",
            "3:Sampler(SamplerId(0))"
        ]
    );
    assert_eq!(bindings(1), ["0:Uniforms", "2:Texture(TextureId(1))"]);
    assert_eq!(t.passes[0].render_targets().len(), 1);
    assert!(t.passes[1].writes_back_buffer());
    // The uniform struct naga laid out agrees with ours.
    assert_eq!(naga_uniform_layout(&fx), (vec![0, 16, 28], 32));
}

#[test]
fn performance_mode_folds_uniforms_into_constants() {
    let effect = format!(
        "{HEADER}uniform Amount: f32 = 0.25;\n\
@fragment fn ps() -> @location(0) vec4<f32> {{ return vec4<f32>(Amount); }}\n\
technique T {{ pass {{ VertexShader = vs; PixelShader = ps; }} }}\n"
    );
    let mut options = Options {
        mode: CompileMode::Performance,
        ..Options::default()
    };
    options.uniform_values.insert("Amount".into(), vec![0.75]);
    let out = load(&[("p.wfx", &effect)], &options);
    let fx = out.effect.expect("valid");
    assert!(
        fx.wgsl().contains("var<private> Amount: f32 = 0.75;"),
        "{}",
        fx.wgsl()
    );
    assert_eq!(fx.uniform_buffer_size(), 0);
    assert!(fx.techniques()[0].passes[0].bindings().is_empty());
    // The model says what was compiled in.
    assert!(fx.uniforms()[0].constant);
    assert_eq!(fx.uniforms()[0].init, [0.75]);
}

#[test]
fn performance_mode_keeps_uniforms_the_runtime_feeds() {
    // As in ReShade: a `source` uniform (a timer here) stays a uniform, or it would freeze.
    let effect = format!(
        "{HEADER}uniform Amount: f32 = 0.25;\n\
uniform Time: f32 < source = \"timer\"; >;\n\
uniform Tint: vec3<f32> = vec3<f32>(1.0, 0.5, 0.25);\n\
@fragment fn ps() -> @location(0) vec4<f32> {{ return vec4<f32>(Tint * Amount, fract(Time)); }}\n\
technique T {{ pass {{ VertexShader = vs; PixelShader = ps; }} }}\n"
    );
    let options = Options {
        mode: CompileMode::Performance,
        ..Options::default()
    };
    let out = load(&[("p.wfx", &effect)], &options);
    let fx = out.effect.expect("valid");
    let constant: Vec<bool> = fx.uniforms().iter().map(|u| u.constant).collect();
    assert_eq!(constant, [true, false, true]);
    assert!(
        fx.wgsl().contains("var<private> Amount: f32 = 0.25;"),
        "{}",
        fx.wgsl()
    );
    assert!(
        fx.wgsl()
            .contains("var<private> Tint: vec3<f32> = vec3<f32>(1, 0.5, 0.25);")
            || fx
                .wgsl()
                .contains("var<private> Tint: vec3<f32> = vec3<f32>(1.0, 0.5, 0.25);"),
        "{}",
        fx.wgsl()
    );
    // Only the timer is in the buffer: at offset 0, 16 bytes in all.
    assert_eq!(fx.uniforms()[1].offset, 0);
    assert_eq!(fx.uniform_buffer_size(), 16);
    // naga lays the struct out the same way (4 bytes; the buffer rounds up to 16).
    assert_eq!(naga_uniform_layout(&fx), (vec![0], 4));
    let bytes = fx.uniform_bytes(&[vec![9.0], vec![2.5], vec![7.0, 7.0, 7.0]]);
    assert_eq!(
        bytes,
        [2.5f32.to_le_bytes(), [0; 4], [0; 4], [0; 4]].concat()
    );
}

#[test]
fn errors_are_located_in_the_file_that_has_them() {
    // The WGSL error sits in the included header; its line and column are the header's.
    let header = "fn helper() -> f32 {\n    return undefined_name;\n}\n";
    let effect = format!(
        "{HEADER}#include \"bad.wfxh\"\ntechnique T {{ pass {{ VertexShader = vs; PixelShader = vs; }} }}\n"
    );
    let out = load(
        &[("main.wfx", &effect), ("bad.wfxh", header)],
        &Options::default(),
    );
    let d = diagnostics(&out);
    assert_eq!(d.len(), 1, "{d:?}");
    assert!(
        d[0].starts_with(
            "bad.wfxh:2:12: error[UndeclaredIdentifier]: no definition in scope for identifier"
        ),
        "{}",
        d[0]
    );
}

#[test]
fn every_structural_error_is_reported() {
    // (Rust's `\` line continuation drops each next line's indentation: columns count from 1.)
    let effect = format!(
        "{HEADER}\
texture A {{ Width = 0; Format = RGBA99; Bogus = 1; }};\n\
texture A {{ }};\n\
sampler S {{ Texture = Missing; }};\n\
@fragment fn ps() -> @location(0) vec4<f32> {{ return vec4<f32>(1.0); }}\n\
fn plain() -> vec4<f32> {{ return vec4<f32>(0.0); }}\n\
technique T {{\n\
  pass {{ VertexShader = vs; PixelShader = plain; }}\n\
  pass {{ VertexShader = vs; VertexShader = vs; PixelShader = ps; Blend = 1; }}\n\
  pass {{ PixelShader = ps; }}\n\
}}\n"
    );
    let out = load(&[("e.wfx", &effect)], &Options::default());
    let d = diagnostics(&out);
    assert_eq!(
        d,
        [
            "e.wfx:7:9: error[Redefinition]: 'A' : redefinition\n  e.wfx:6:9: first defined here",
            "e.wfx:6:21: error[InvalidSize]: 'Width' : value 0 outside 1..=16384",
            "e.wfx:6:33: error[InvalidRenderStateValue]: 'RGBA99' : unknown texture format",
            "e.wfx:6:41: error[InvalidRenderStateName]: 'Bogus' : unknown texture state",
            "e.wfx:8:23: error[UndeclaredIdentifier]: 'Missing' : undeclared texture",
            "e.wfx:12:41: error[EntryNotFound]: 'plain' : no entry point of that name\n  note: 'plain' is a plain function: mark it '@fragment'",
            "e.wfx:13:27: error[DuplicateEntryAssignment]: 'VertexShader' : state assigned twice\n  e.wfx:13:8: first assigned here",
            "e.wfx:13:64: error[InvalidRenderStateName]: 'Blend' : unknown pass state",
            "e.wfx:14:1: error[MissingEntry]: 'pass' : missing 'VertexShader' state",
        ]
    );
    assert!(out.effect.is_none());
}

#[test]
fn a_pass_sampling_its_own_render_target_reads_a_copy() {
    let effect = format!(
        "{HEADER}texture T {{ Width = 4; Height = 4; }};\n\
@fragment fn ps() -> @location(0) vec4<f32> {{ return textureLoad(T, vec2<i32>(0), 0); }}\n\
technique X {{ pass P {{ VertexShader = vs; PixelShader = ps; RenderTarget = T; }} }}\n"
    );
    let out = load(&[("rt.wfx", &effect)], &Options::default());
    assert_eq!(
        diagnostics(&out),
        [
            "rt.wfx:8:15: warning[RenderTargetSampled]: 'T' : the pass samples a texture it renders to; fxbench binds a copy made before the pass (ReShade leaves what it reads to the graphics API)\n  rt.wfx:6:9: declared here"
        ]
    );
    let effect = out.effect.expect("a warning only");
    let pass = &effect.techniques()[0].passes[0];
    assert_eq!(pass.snapshots(), pass.render_targets());
}

#[test]
fn include_cycles_and_missing_files_are_errors() {
    let out = load(
        &[
            ("a.wfx", "#include \"b.wfxh\"\n"),
            ("b.wfxh", "\n#include \"a.wfx\"\n#include \"none.wfxh\"\n"),
        ],
        &Options::default(),
    );
    let d = diagnostics(&out);
    assert_eq!(
        d[0],
        "b.wfxh:2:1: error[IncludeError]: 'a.wfx' : include cycle"
    );
    assert!(
        d[1].starts_with("b.wfxh:3:1: error[IncludeError]: 'none.wfxh' : cannot open include file"),
        "{}",
        d[1]
    );
}

#[test]
fn unreadable_root_file_is_a_diagnostic() {
    let out = analysis::load_effect(Path::new("/nonexistent/effect.wfx"), &Options::default());
    assert_eq!(out.diagnostics.len(), 1);
    assert_eq!(out.diagnostics[0].code, analysis::DiagnosticCode::IoError);
}

#[test]
fn every_shipped_effect_loads_in_both_modes() {
    let assets = Path::new(env!("CARGO_MANIFEST_DIR")).join("../assets");
    let mut count = 0;
    for entry in std::fs::read_dir(&assets).expect("assets folder") {
        let path = entry.expect("entry").path();
        if path.extension().is_some_and(|e| e == "wfx") {
            for mode in [CompileMode::Normal, CompileMode::Performance] {
                let options = Options {
                    mode,
                    ..Options::default()
                };
                let out = analysis::load_effect(&path, &options);
                assert!(
                    out.effect.is_some(),
                    "{}: {}",
                    path.display(),
                    out.render_diagnostics()
                );
                assert!(out.diagnostics.is_empty(), "{}", out.render_diagnostics());
            }
            count += 1;
        }
    }
    assert!(count >= 2, "found {count} effects");
}

#[test]
fn one_cause_is_reported_once() {
    // A duplicate uniform and a sampler naming a missing texture, both used by WGSL: the
    // structure errors alone are reported, not naga's follow-on "redefinition" or "no definition".
    let effect = format!(
        "{HEADER}uniform Gain: f32 = 1.0;\n\
uniform Gain: f32 = 2.0;\n\
sampler S {{ Texture = Missing; }};\n\
texture T {{ Width = 4; Height = 4; }};\n\
@fragment fn ps() -> @location(0) vec4<f32> {{ return textureSample(T, S, vec2<f32>(0.5)) * Gain; }}\n\
technique X {{ pass {{ VertexShader = vs; PixelShader = ps; }} }}\n"
    );
    let out = load(&[("once.wfx", &effect)], &Options::default());
    let codes: Vec<_> = out.diagnostics.iter().map(|d| d.code.as_str()).collect();
    assert_eq!(
        codes,
        ["Redefinition", "UndeclaredIdentifier"],
        "{}",
        out.render_diagnostics()
    );
}

#[test]
fn a_texture_rejected_for_its_size_stays_declared() {
    // `Big` is too wide: reported once, and its sampler, storage, render target and WGSL uses
    // are not reported again as undeclared.
    let effect = format!(
        "{HEADER}texture Big {{ Width = 100000; Height = 4; Format = RGBA8; }};\n\
sampler S {{ Texture = Big; }};\n\
storage W {{ Texture = Big; }};\n\
@fragment fn ps() -> @location(0) vec4<f32> {{ return textureSample(Big, S, vec2<f32>(0.5)); }}\n\
technique X {{ pass {{ VertexShader = vs; PixelShader = ps; RenderTarget = Big; }} }}\n"
    );
    let out = load(&[("big.wfx", &effect)], &Options::default());
    assert_eq!(
        diagnostics(&out),
        ["big.wfx:6:23: error[InvalidSize]: 'Width' : value 100000 outside 1..=16384"],
        "{}",
        out.render_diagnostics()
    );
}

#[test]
fn matrix_uniforms_follow_wgsl_layout() {
    let effect = format!(
        "{HEADER}uniform Scale: f32 = 2.0;\n\
uniform Rotate: mat3x3<f32> = mat3x3<f32>(1, 0, 0, 0, 1, 0, 0, 0, 1);\n\
uniform Flat: mat2x2f = mat2x2f(1, 2, 3, 4);\n\
@fragment fn ps() -> @location(0) vec4<f32> {{ return vec4<f32>(Rotate * vec3<f32>(Scale), (Flat * vec2<f32>(1.0)).x); }}\n\
technique X {{ pass {{ VertexShader = vs; PixelShader = ps; }} }}\n"
    );
    let out = load(&[("m.wfx", &effect)], &Options::default());
    assert_eq!(diagnostics(&out), Vec::<String>::new());
    let fx = out.effect.expect("valid");
    let layout: Vec<(String, u32)> = fx
        .uniforms()
        .iter()
        .map(|u| (u.ty.wgsl(), u.offset))
        .collect();
    assert_eq!(
        layout,
        [
            ("f32".to_string(), 0),
            ("mat3x3<f32>".to_string(), 16),
            ("mat2x2<f32>".to_string(), 64)
        ]
    );
    assert_eq!(fx.uniform_buffer_size(), 80);
    // naga lays the generated struct out identically.
    assert_eq!(naga_uniform_layout(&fx), (vec![0, 16, 64], 80));
    // Columns are padded to 16 bytes for 3-row matrices: element (column 1, row 0) at +16.
    let bytes = fx.uniform_bytes(&fx.initial_values());
    let word = |at: usize| f32::from_le_bytes(bytes[at..at + 4].try_into().unwrap());
    assert_eq!(
        (word(16), word(16 + 16 + 4), word(16 + 32 + 8)),
        (1.0, 1.0, 1.0)
    );
    assert_eq!(
        (word(64), word(68), word(72), word(76)),
        (1.0, 2.0, 3.0, 4.0)
    );
    // Performance mode compiles the matrix in.
    let perf = load(
        &[("m.wfx", &effect)],
        &Options {
            mode: CompileMode::Performance,
            ..Options::default()
        },
    );
    let effect = perf.effect.expect("valid");
    let wgsl = effect.wgsl();
    assert!(
        wgsl.contains("var<private> Flat: mat2x2<f32> = mat2x2<f32>(1.0, 2.0, 3.0, 4.0);"),
        "{wgsl}"
    );
}

#[test]
fn errors_in_generated_declarations_point_at_their_structure_item() {
    // `loop` is a WGSL keyword: the generated `var<private> loop` fails to parse, and the error is
    // reported at the uniform that produced it, not in the hidden generated text.
    let effect = format!("{HEADER}uniform loop: f32 = 1.0;\n");
    let out = load(&[("gen.wfx", &effect)], &Options::default());
    let d = diagnostics(&out);
    assert_eq!(d.len(), 1, "{d:?}");
    assert!(d[0].starts_with("gen.wfx:6:9: error["), "{}", d[0]);
}

#[test]
fn only_entry_points_that_read_uniforms_load_them() {
    // `ps` reads Amount through a helper; `vs` reads none, so it skips the uniform loads (and the
    // pass's vertex stage needs no uniform buffer).
    let effect = format!(
        "{HEADER}uniform Amount: f32 = 0.25;\n\
fn scaled(x: f32) -> f32 {{ return x * Amount; }}\n\
@fragment fn ps() -> @location(0) vec4<f32> {{ return vec4<f32>(scaled(1.0)); }}\n\
technique T {{ pass {{ VertexShader = vs; PixelShader = ps; }} }}\n"
    );
    let out = load(&[("u.wfx", &effect)], &Options::default());
    let fx = out.effect.expect("valid");
    let loads = |name: &str| {
        let entry = fx
            .module()
            .entry_points
            .iter()
            .find(|e| e.name == name)
            .expect("entry point");
        matches!(
            entry.function.body.first(),
            Some(naga::Statement::Call { function, .. })
                if fx.module().functions[*function].name.as_deref() == Some("fxbench_load_uniforms")
        )
    };
    assert!(loads("ps"));
    assert!(!loads("vs"));
}

#[test]
fn uniform_arrays_of_scalars_and_vectors_lower_with_padded_elements() {
    let effect = format!(
        "{HEADER}uniform W: array<f32, 3> = array<f32, 3>(0.25, 0.5, 0.75);\n\
uniform C: array<vec2<f32>, 2> = array<vec2<f32>, 2>(vec2<f32>(0.1, 0.2), vec2<f32>(0.3, 0.4));\n\
uniform B: array<bool, 2> = array<bool, 2>(true, false);\n\
uniform After: f32 = 9.0;\n\
@fragment fn ps() -> @location(0) vec4<f32> {{ return vec4<f32>(W[0], C[1].y, select(0.0, After, B[0]), W[2]); }}\n\
technique T {{ pass {{ VertexShader = vs; PixelShader = ps; }} }}\n"
    );
    let out = load(&[("a.wfx", &effect)], &Options::default());
    let fx = out.effect.expect("valid");
    let w = &fx.uniforms()[0];
    assert_eq!(
        (w.ty.array, w.ty.len(), w.ty.wgsl()),
        (3, 3, "array<f32, 3>".to_string())
    );
    assert_eq!(w.init, [0.25, 0.5, 0.75]);
    assert_eq!(fx.uniforms()[1].init, [0.1, 0.2, 0.3, 0.4]);
    assert_eq!(fx.uniforms()[2].init, [1.0, 0.0]);
    // Every element takes 16 bytes; naga lays the struct out the same way.
    let offsets: Vec<u32> = fx.uniforms().iter().map(|u| u.offset).collect();
    assert_eq!(offsets, [0, 48, 80, 112]);
    assert_eq!(naga_uniform_layout(&fx), (vec![0, 48, 80, 112], 128));
    assert_eq!(fx.uniform_buffer_size(), 128);
    let bytes = fx.uniform_bytes(&fx.initial_values());
    let float = |at: usize| f32::from_le_bytes(bytes[at..at + 4].try_into().unwrap());
    let word = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap());
    assert_eq!([float(0), float(16), float(32)], [0.25, 0.5, 0.75]);
    assert_eq!(
        [float(48), float(52), float(64), float(68)],
        [0.1, 0.2, 0.3, 0.4]
    );
    assert_eq!([word(80), word(96)], [1, 0]);
    assert_eq!(float(112), 9.0);

    // Performance mode compiles them in, as private arrays holding the values.
    let options = Options {
        mode: CompileMode::Performance,
        ..Options::default()
    };
    let fx = load(&[("a.wfx", &effect)], &options).effect.expect("valid");
    assert!(
        fx.wgsl()
            .contains("var<private> W: array<f32, 3> = array<f32, 3>(0.25, 0.5, 0.75);"),
        "{}",
        fx.wgsl()
    );
    assert!(
        fx.wgsl()
            .contains("var<private> B: array<bool, 2> = array<bool, 2>(true, false);")
    );
}

#[test]
fn uniform_arrays_of_matrices_lower_with_padded_columns() {
    // Each column of each element takes 16 bytes, as naga lays the struct out; the values run
    // column by column, element by element.
    let effect = format!(
        "{HEADER}uniform M: array<mat2x2<f32>, 2> = array<mat2x2<f32>, 2>(mat2x2<f32>(1.0, 2.0, 3.0, 4.0), mat2x2<f32>(5.0, 6.0, 7.0, 8.0));\n\
uniform After: f32 = 9.0;\n\
@fragment fn ps() -> @location(0) vec4<f32> {{ return vec4<f32>(M[1][0], M[0][1].y, After); }}\n\
technique T {{ pass {{ VertexShader = vs; PixelShader = ps; }} }}\n"
    );
    let out = load(&[("a.wfx", &effect)], &Options::default());
    assert!(out.diagnostics.is_empty(), "{:?}", diagnostics(&out));
    let fx = out.effect.expect("valid");
    let m = &fx.uniforms()[0];
    assert_eq!(
        (m.ty.array, m.ty.columns, m.ty.len(), m.ty.wgsl()),
        (2, 2, 8, "array<mat2x2<f32>, 2>".to_string())
    );
    assert_eq!(naga_uniform_layout(&fx), (vec![0, 64], 80));
    let offsets: Vec<u32> = fx.uniforms().iter().map(|u| u.offset).collect();
    assert_eq!(offsets, [0, 64]);
    let bytes = fx.uniform_bytes(&fx.initial_values());
    let float = |at: usize| f32::from_le_bytes(bytes[at..at + 4].try_into().unwrap());
    let columns: Vec<[f32; 2]> = (0..4).map(|c| [float(16 * c), float(16 * c + 4)]).collect();
    assert_eq!(columns, [[1.0, 2.0], [3.0, 4.0], [5.0, 6.0], [7.0, 8.0]]);
    assert_eq!(float(64), 9.0);

    // Performance mode compiles it in, as a private array of matrices, which naga accepts.
    let options = Options {
        mode: CompileMode::Performance,
        ..Options::default()
    };
    let fx = load(&[("a.wfx", &effect)], &options).effect.expect("valid");
    assert!(fx.wgsl().contains(
        "var<private> M: array<mat2x2<f32>, 2> = array<mat2x2<f32>, 2>(mat2x2<f32>(1.0, 2.0, 3.0, 4.0), mat2x2<f32>(5.0, 6.0, 7.0, 8.0));"
    ), "{}", fx.wgsl());
}

#[test]
fn a_uniform_array_of_arrays_is_one_located_error() {
    // The type parses, is rejected once with a hint, and code using the name is not reported
    // again.
    let effect = format!(
        "{HEADER}uniform M: array<array<f32, 2>, 2>;\n\
@fragment fn ps() -> @location(0) vec4<f32> {{ return vec4<f32>(M[1][0], 0.0, 0.0, 1.0); }}\n\
technique T {{ pass {{ VertexShader = vs; PixelShader = ps; }} }}\n"
    );
    let out = load(&[("a.wfx", &effect)], &Options::default());
    let d = diagnostics(&out);
    assert_eq!(d.len(), 1, "{d:?}");
    let line = HEADER.lines().count() + 1;
    assert!(
        d[0].starts_with(&format!(
            "a.wfx:{line}:12: error[UnsupportedType]: 'array<array<f32, 2>, 2>' : uniform type not supported"
        )),
        "{}",
        d[0]
    );
    assert!(out.diagnostics[0].notes[0].contains("1 to 1024 scalars, vectors or f32 matrices"));
}

#[test]
fn what_is_no_source_file_is_refused_before_it_is_read() {
    // A device that never ends, a folder and a pipe, named by `#include`: one located error
    // each, and nothing read past the cap. A file with a NUL byte is read up to it, as ReShade
    // reads it (its lexer ends the text there), with a warning.
    let dir = std::env::temp_dir().join(format!("fxbench-no-source-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("folder.fxh")).expect("temp dir");
    std::fs::write(dir.join("binary.fxh"), b"float x;\0\x01\x02\xff").expect("written");
    // A FIFO no one writes to: opening it to read would block forever.
    let fifo = std::process::Command::new("mkfifo")
        .arg(dir.join("pipe.fxh"))
        .status()
        .is_ok_and(|s| s.success());
    let effect = dir.join("e.fx");
    std::fs::write(
        &effect,
        format!(
            "#include \"/dev/zero\"\n#include \"binary.fxh\"\n#include \"folder.fxh\"\n{}",
            if fifo { "#include \"pipe.fxh\"\n" } else { "" }
        ),
    )
    .expect("written");
    let out = analysis::load_effect(&effect, &Options::default());
    let found: Vec<(u32, String)> = out
        .diagnostics
        .iter()
        .filter(|d| d.is_error())
        .map(|d| {
            let at = out.sources.location(d.span.expect("located"));
            (at.start.line, d.message.clone())
        })
        .collect();
    assert_eq!(found.len(), 2 + usize::from(fifo), "{found:?}");
    for ((line, message), want_line) in found.iter().zip([1, 3, 4]) {
        assert_eq!(*line, want_line, "{message}");
        assert!(message.contains("not a regular file"), "{message}");
    }
    let nul = out
        .diagnostics
        .iter()
        .find(|d| d.message.contains("a NUL byte ends the file"))
        .expect("a warning at the NUL byte");
    let at = out.sources.location(nul.span.expect("located"));
    assert_eq!((at.start.line, at.start.column), (1, 9));
    // A preset that is a device is one error too.
    let preset = analysis::preset::Preset::load(std::path::Path::new("/dev/zero"));
    assert!(preset.diagnostics[0].message.contains("not a regular file"));
    std::fs::remove_dir_all(&dir).expect("cleaned up");
}

#[test]
fn the_definitions_an_effect_offers_are_listed_as_reshade_lists_them() {
    let header = "#ifndef MY_HEADER_INCLUDE_GUARD\n#define MY_HEADER_INCLUDE_GUARD\n\
        #ifndef HEADER_STRENGTH\n#define HEADER_STRENGTH 0.5\n#endif\n#endif\n";
    let effect = "#include \"h.fxh\"\n\
        #ifndef QUALITY_LEVEL\n  #define QUALITY_LEVEL  2 + 1\n#endif\n\
        #ifndef SHORT\n#define SHORT 1\n#endif\n\
        #ifdef NEVER_DEFINED_OPTION\n#endif\n\
        #if 0\n#ifndef INSIDE_SKIPPED_GROUP\n#define INSIDE_SKIPPED_GROUP 1\n#endif\n#endif\n\
        #define OWN_DEFINITION 1\n#ifdef OWN_DEFINITION\n#endif\n\
        #ifndef FUNCTION_LIKE_OPTION\n#define FUNCTION_LIKE_OPTION(x) x\n#endif\n\
        #if QUALITY_LEVEL > 1 && defined(ONLY_IN_AN_IF)\n#endif\n\
        #ifndef _UNDERSCORED\n#define _UNDERSCORED 1\n#endif\n\
        float4 PS(float4 p : SV_Position) : SV_Target { return QUALITY_LEVEL * HEADER_STRENGTH; }\n\
        void VS(uint id : SV_VertexID, out float4 p : SV_Position) { p = float4(0, 0, 0, 1); }\n\
        technique T { pass { VertexShader = VS; PixelShader = PS; } }\n";
    let files = [("e.fx", effect), ("h.fxh", header)];
    let listed = |options: &Options| {
        let out = load(&files, options);
        let fx = out
            .effect
            .as_ref()
            .unwrap_or_else(|| panic!("{}", diagnostics(&out).join("\n")));
        fx.tested_definitions()
            .map(|(n, v)| format!("{n}={v}"))
            .collect::<Vec<_>>()
    };
    // Defaults, in the order first tested: the header's first.
    assert_eq!(
        listed(&Options::default()),
        ["HEADER_STRENGTH=0.5", "QUALITY_LEVEL=2 + 1"]
    );
    // A value passed in (a preset's, `-D`) is what is listed, as ReShade shows the current one.
    let options = Options {
        definitions: vec![("QUALITY_LEVEL".into(), "4".into())],
        ..Options::default()
    };
    assert_eq!(listed(&options), ["HEADER_STRENGTH=0.5", "QUALITY_LEVEL=4"]);
}

#[test]
fn a_call_chain_deeper_than_a_threads_stack_checks_clean_in_both_languages() {
    // 10,000 functions, each calling the one before: naga orders declarations by a recursive
    // walk as deep as the chain, and fxbench's own call-tree walks are as deep, so each must
    // have the stack it needs (a test thread has 2 MiB); the recursion test must not walk the
    // chain from every call either.
    const DEPTH: usize = 10_000;
    let mut wfx = format!("{HEADER}fn g0(x: f32) -> f32 {{ return x * 1.0001 + 0.5; }}\n");
    let mut fx = String::from("float g0(float x) { return x * 1.0001 + 0.5; }\n");
    for i in 1..DEPTH {
        let p = i - 1;
        wfx.push_str(&format!(
            "fn g{i}(x: f32) -> f32 {{ return g{p}(x) * 1.0001 + 0.5; }}\n"
        ));
        fx.push_str(&format!(
            "float g{i}(float x) {{ return g{p}(x) * 1.0001 + 0.5; }}\n"
        ));
    }
    let last = DEPTH - 1;
    wfx.push_str(&format!(
        "@fragment fn ps(v: VsOut) -> @location(0) vec4<f32> {{ return vec4<f32>(g{last}(v.uv.x)); }}\n\
         technique T {{ pass {{ VertexShader = vs; PixelShader = ps; }} }}\n"
    ));
    fx.push_str(&format!(
        "void VS(in uint id : SV_VertexID, out float4 pos : SV_Position) {{ pos = float4(0.0, 0.0, 0.0, 1.0); }}\n\
         float4 PS(float4 pos : SV_Position) : SV_Target {{ return g{last}(pos.x); }}\n\
         technique T {{ pass {{ VertexShader = VS; PixelShader = PS; }} }}\n"
    ));
    // FX lowering keeps the bodies of `VS` and `PS` as functions their entry points call.
    for (path, text, functions) in [("chain.wfx", wfx, DEPTH), ("chain.fx", fx, DEPTH + 2)] {
        let out = load(&[(path, &text)], &Options::default());
        assert_eq!(diagnostics(&out), Vec::<String>::new(), "{path}");
        let effect = out.effect.expect("the chain validates");
        assert_eq!(effect.module().functions.len(), functions, "{path}");
    }
}
