//! Pass states read as ReShade reads them, in both front ends: its spellings and numbers for
//! stencil functions, operations and topologies; `StencilMask` as the read mask; and
//! `SRGBWriteEnable` on a render target without an sRGB view refused with a located error.

use std::path::{Path, PathBuf};

use analysis::{CompareFunc, DiagnosticCode, FsLoader, Options, PrimitiveTopology, StencilOp};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the analysis crate lives in the workspace root")
        .to_path_buf()
}

fn compile(name: &str, text: &str) -> analysis::LoadOutput {
    let path = repo().join("assets").join(name);
    analysis::compile(&path, text.to_string(), &FsLoader, &Options::default())
}

const WFX_HEAD: &str = "#include \"shaders/fxbench.wfxh\"\n\
texture Low { Width = BUFFER_WIDTH; Height = BUFFER_HEIGHT; Format = RGBA8; };\n\
texture Half { Width = BUFFER_WIDTH; Height = BUFFER_HEIGHT; Format = RGBA16F; };\n\
@fragment fn ps(in: PostProcessOut) -> @location(0) vec4<f32> { return vec4<f32>(in.uv, 0.0, 1.0); }\n\
@fragment fn show(in: PostProcessOut) -> @location(0) vec4<f32> {\n\
    return textureSample(Low, BackBuffer, in.uv) + textureSample(Half, BackBuffer, in.uv);\n\
}\n";

const FX_HEAD: &str = "#include \"ReShade.fxh\"\n\
texture Low { Width = BUFFER_WIDTH; Height = BUFFER_HEIGHT; Format = RGBA8; };\n\
texture Half { Width = BUFFER_WIDTH; Height = BUFFER_HEIGHT; Format = RGBA16F; };\n\
sampler sLow { Texture = Low; };\n\
sampler sHalf { Texture = Half; };\n\
float4 ps(float4 p : SV_Position, float2 uv : TEXCOORD) : SV_Target { return float4(uv, 0, 1); }\n\
float4 show(float4 p : SV_Position, float2 uv : TEXCOORD) : SV_Target { return tex2D(sLow, uv) + tex2D(sHalf, uv); }\n";

/// One effect's stencil passes, written the ReShade ways, in either front end.
fn stencil_effect(head: &str, vs: &str) -> String {
    format!(
        "{head}technique T {{\n\
pass A {{ VertexShader = {vs}; PixelShader = ps; StencilEnable = true; StencilFunc = NEQUAL; StencilMask = 15; StencilWriteMask = 3; StencilRef = 1; StencilPass = REPLACE; StencilDepthFail = INCR; StencilFail = 4; PrimitiveType = TRIANGLES; }}\n\
pass B {{ VertexShader = {vs}; PixelShader = ps; StencilEnable = true; StencilFunc = 6; StencilReadMask = 7; StencilPassOp = incrsat; PrimitiveTopology = 4; }}\n\
pass C {{ VertexShader = {vs}; PixelShader = ps; StencilEnable = true; StencilFunc = LEQUAL; StencilZFail = DECR; }}\n\
pass D {{ VertexShader = {vs}; PixelShader = ps; PrimitiveType = POINTS; VertexCount = 1; }}\n\
pass E {{ VertexShader = {vs}; PixelShader = ps; PrimitiveType = LINES; VertexCount = 2; }}\n\
pass F {{ VertexShader = {vs}; PixelShader = show; }}\n\
}}\n"
    )
}

fn check_stencil(out: &analysis::LoadOutput) {
    let effect = out.effect.as_ref().unwrap_or_else(|| {
        panic!("{}", out.render_diagnostics());
    });
    let passes = &effect.techniques()[0].passes;
    let a = passes[0].stencil().expect("pass A tests stencil");
    assert_eq!(a.func, CompareFunc::NotEqual);
    assert_eq!(a.read_mask, 15, "StencilMask is ReShade's read mask");
    assert_eq!(a.write_mask, 3);
    assert_eq!(a.reference, 1);
    assert_eq!(a.pass_op, StencilOp::Replace);
    assert_eq!(a.depth_fail_op, StencilOp::IncrementWrap);
    assert_eq!(
        a.fail_op,
        StencilOp::DecrementSaturate,
        "ReShade's number 4"
    );
    let b = passes[1].stencil().expect("pass B tests stencil");
    assert_eq!(b.func, CompareFunc::GreaterEqual, "ReShade's number 6");
    assert_eq!((b.read_mask, b.write_mask), (7, 0xFF));
    assert_eq!(b.pass_op, StencilOp::IncrementSaturate);
    let c = passes[2].stencil().expect("pass C tests stencil");
    assert_eq!(c.func, CompareFunc::LessEqual);
    assert_eq!(c.depth_fail_op, StencilOp::DecrementWrap);
    let topology = |i: usize| passes[i].draw().expect("a draw").topology;
    assert_eq!(topology(0), PrimitiveTopology::TriangleList);
    assert_eq!(topology(1), PrimitiveTopology::TriangleList);
    assert_eq!(topology(3), PrimitiveTopology::PointList);
    assert_eq!(topology(4), PrimitiveTopology::LineList);
}

#[test]
fn reshade_stencil_spellings_and_numbers_in_wfx() {
    check_stencil(&compile(
        "states.wfx",
        &stencil_effect(WFX_HEAD, "PostProcessVS"),
    ));
}

#[test]
fn reshade_stencil_spellings_and_numbers_in_fx() {
    check_stencil(&compile(
        "states.fx",
        &stencil_effect(FX_HEAD, "PostProcessVS"),
    ));
}

#[test]
fn a_stencil_pass_off_the_back_buffers_size_renders_without_stencil() {
    // ReShade's runtime attaches the (back-buffer sized) stencil buffer only to passes of the
    // back buffer's size: a smaller target is rendered with no stencil test, not refused.
    let text = format!(
        "{FX_HEAD}texture Small {{ Width = 16; Height = 16; Format = RGBA8; }};\n\
technique T {{ pass A {{ VertexShader = PostProcessVS; PixelShader = ps; RenderTarget = Small; StencilEnable = true; StencilFunc = EQUAL; }}\n\
pass B {{ VertexShader = PostProcessVS; PixelShader = ps; RenderTarget = Low; StencilEnable = true; StencilFunc = EQUAL; }} }}\n"
    );
    let out = compile("states.fx", &text);
    let effect = out.effect.as_ref().unwrap_or_else(|| {
        panic!("{}", out.render_diagnostics());
    });
    let passes = &effect.techniques()[0].passes;
    assert!(passes[0].stencil().is_none(), "a 16x16 target: no stencil");
    assert!(
        passes[1].stencil().is_some(),
        "a back-buffer sized target keeps it"
    );
}

#[test]
fn a_number_outside_the_enumeration_is_a_located_error() {
    let text = format!(
        "{WFX_HEAD}technique T {{ pass {{ VertexShader = PostProcessVS; PixelShader = show; StencilEnable = true; StencilFunc = 9; }} }}\n"
    );
    let out = compile("states.wfx", &text);
    assert!(out.effect.is_none());
    let errors: Vec<String> = out
        .diagnostics
        .iter()
        .filter(|d| d.is_error())
        .map(|d| format!("{:?} {}", d.code, d.message))
        .collect();
    assert_eq!(
        errors,
        [
            "InvalidRenderStateValue '9' : invalid value for 'StencilFunc' (expected one of NEVER, LESS, EQUAL, LEQUAL, GREATER, NEQUAL, GEQUAL, ALWAYS)"
        ]
    );
    assert!(
        out.render_diagnostics().contains("states.wfx:8:"),
        "{}",
        out.render_diagnostics()
    );
}

fn srgb_effect(head: &str, target: &str) -> String {
    format!(
        "{head}technique T {{\n\
pass W {{ VertexShader = PostProcessVS; PixelShader = ps; RenderTarget = {target}; SRGBWriteEnable = true; }}\n\
pass {{ VertexShader = PostProcessVS; PixelShader = show; SRGBWriteEnable = true; }}\n\
}}\n"
    )
}

/// RGBA8 targets and the back buffer take sRGB writes; RGBA16F is ReShade's error X4582, here
/// `SrgbWriteWithoutSrgbFormat` at the state, with the texture's declaration related.
fn check_srgb(name: &str, head: &str, line: usize) {
    let ok = compile(name, &srgb_effect(head, "Low"));
    let effect = ok
        .effect
        .as_ref()
        .unwrap_or_else(|| panic!("{}", ok.render_diagnostics()));
    assert!(effect.techniques()[0].passes[0].srgb_write());
    let bad = compile(name, &srgb_effect(head, "Half"));
    assert!(bad.effect.is_none(), "an sRGB write to RGBA16F is refused");
    let errors: Vec<_> = bad.diagnostics.iter().filter(|d| d.is_error()).collect();
    assert_eq!(errors.len(), 1, "{}", bad.render_diagnostics());
    assert_eq!(errors[0].code, DiagnosticCode::SrgbWriteWithoutSrgbFormat);
    assert!(errors[0].message.contains("'Half' has format RGBA16F"));
    let rendered = bad.render_diagnostics();
    assert!(rendered.contains(&format!("{name}:{line}:")), "{rendered}");
}

#[test]
fn srgb_write_to_a_format_without_an_srgb_view_is_an_error_in_wfx() {
    check_srgb("srgb.wfx", WFX_HEAD, 9);
}

#[test]
fn srgb_write_to_a_format_without_an_srgb_view_is_an_error_in_fx() {
    check_srgb("srgb.fx", FX_HEAD, 9);
}
