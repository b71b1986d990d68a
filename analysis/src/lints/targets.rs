//! Render targets: targets rendered but never read (warning), and sRGB reads and writes of a back
//! buffer without an sRGB view (warning). Pixel-shader outputs against render targets and
//! `SRGBWriteEnable` on a render target format without an sRGB view are errors in lowering
//! (`lower/outputs.rs`, `lower/pass.rs`): the engine relies on them, and a lint can be skipped.

use rustc_hash::FxHashSet as HashSet;

use super::LintContext;
use crate::diagnostic::{Diagnostic, DiagnosticCode};
use crate::model::{BindingResource, TextureKind, TextureSemantic};

pub(super) fn check(cx: &LintContext, diagnostics: &mut Vec<Diagnostic>) {
    never_read(cx, diagnostics);
    srgb_on_wide_back_buffer(cx, diagnostics);
}

/// On a back buffer without an sRGB view (RGB10A2, RGBA16F) ReShade binds the format itself for
/// both (runtime.cpp, `format_to_default_typed(format, 1)`), so `SRGBTexture` on `COLOR` and
/// `SRGBWriteEnable` into the back buffer read and write the stored values, as fxbench does.
/// ReShade warns for the sampler ("texture does not support sRGB sampling (back buffer format is
/// not RGBA8)") and says nothing for the write; fxbench warns for both, since either is an
/// effect written for an 8-bit back buffer.
fn srgb_on_wide_back_buffer(cx: &LintContext, diagnostics: &mut Vec<Diagnostic>) {
    let format = cx.effect.back_buffer().format();
    if format.has_srgb_view() {
        return;
    }
    for sampler in cx.effect.samplers() {
        let texture = cx.effect.texture(sampler.texture);
        let color = matches!(texture.kind, TextureKind::Semantic(TextureSemantic::Color));
        if sampler.srgb && color && cx.in_root(sampler.span) {
            diagnostics.push(Diagnostic::warning(
                DiagnosticCode::InvalidRenderStateValue,
                sampler.span,
                format!(
                    "'{}' : texture does not support sRGB sampling (back buffer format is not \
                     RGBA8): SRGBTexture reads the {} values as stored",
                    sampler.name,
                    format.name()
                ),
            ));
        }
    }
    for pass in cx.passes() {
        if pass.srgb_write() && pass.writes_back_buffer() && cx.in_root(pass.span) {
            diagnostics.push(Diagnostic::warning(
                DiagnosticCode::InvalidRenderStateValue,
                pass.span,
                format!(
                    "SRGBWriteEnable does nothing on a {} back buffer (it has no sRGB view): the \
                     pass writes its values as stored, as ReShade does without a warning",
                    format.name()
                ),
            ));
        }
    }
}

/// An owned texture that some pass renders to and no pass binds for reading.
fn never_read(cx: &LintContext, diagnostics: &mut Vec<Diagnostic>) {
    let read: HashSet<usize> = cx
        .passes()
        .flat_map(|p| &p.bindings)
        .filter_map(|b| match b.resource {
            BindingResource::Texture(id) => Some(id.index()),
            _ => None,
        })
        .collect();
    let mut reported = HashSet::default();
    for pass in cx.passes() {
        for id in &pass.render_targets {
            let texture = cx.effect.texture(*id);
            if read.contains(&id.index())
                || !cx.in_root(texture.span)
                || !reported.insert(id.index())
            {
                continue;
            }
            diagnostics.push(
                Diagnostic::warning(
                    DiagnosticCode::RenderTargetNeverRead,
                    texture.span,
                    format!(
                        "'{}' : rendered to but never read by any pass",
                        texture.display_name()
                    ),
                )
                .with_related(pass.span, "rendered here"),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::{VS, compile, findings};
    use crate::diagnostic::DiagnosticCode;

    /// Reads `COLOR` through an sRGB sampler and writes the back buffer with `SRGBWriteEnable`.
    const SRGB_FX: &str = "texture BackBufferTex : COLOR;\n\
sampler BackBuffer { Texture = BackBufferTex; SRGBTexture = true; };\n\
float4 vs(uint id : SV_VertexID, out float2 uv : TEXCOORD) : SV_Position\n\
{ uv = float2((id == 2) ? 2.0 : 0.0, (id == 1) ? 2.0 : 0.0); return float4(uv * float2(2.0, -2.0) + float2(-1.0, 1.0), 0.0, 1.0); }\n\
float4 ps(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target { return tex2D(BackBuffer, uv); }\n\
technique T { pass P { VertexShader = vs; PixelShader = ps; SRGBWriteEnable = true; } }\n";

    #[test]
    fn srgb_reads_and_writes_of_a_wide_back_buffer_are_warned() {
        let compile_on = |back_buffer| {
            let options = crate::Options {
                back_buffer,
                ..crate::Options::default()
            };
            let files = [("fx.fx", SRGB_FX)];
            let loader = super::super::test_support::Files(&files);
            crate::load_effect_with(std::path::Path::new("fx.fx"), &loader, &options)
        };
        let sdr = compile_on(crate::BackBuffer::SRGB8);
        assert!(sdr.effect.is_some(), "{}", sdr.render_diagnostics());
        assert_eq!(
            findings(&sdr, DiagnosticCode::InvalidRenderStateValue),
            Vec::<String>::new()
        );
        let wide = compile_on(crate::BackBuffer::of_format(
            crate::BackBufferFormat::Rgba16f,
        ));
        assert!(wide.effect.is_some(), "{}", wide.render_diagnostics());
        let found = findings(&wide, DiagnosticCode::InvalidRenderStateValue);
        assert_eq!(found.len(), 2, "{found:?}");
        assert!(
            found[0].starts_with("warning 2:")
                && found[0].contains(
                    "texture does not support sRGB sampling (back buffer format is not RGBA8)"
                ),
            "{found:?}"
        );
        assert!(
            found[1].starts_with("warning 6:")
                && found[1].contains("SRGBWriteEnable does nothing on a rgba16f back buffer"),
            "{found:?}"
        );
    }

    fn effect(body: &str, pass: &str) -> String {
        format!("{VS}{body}\ntechnique T {{ {pass} }}\n")
    }

    const READ: &str = "pass { VertexShader = vs; PixelShader = show; }";
    const SHOW: &str = "@fragment fn show(v: VsOut) -> @location(0) vec4<f32> { return textureLoad(Half, vec2<i32>(0), 0); }\n";

    #[test]
    fn a_target_read_later_is_quiet_and_one_never_read_is_warned() {
        let body = format!(
            "texture Half {{ Width = 4; Height = 4; Format = RGBA16F; }};\n\
@fragment fn ps() -> @location(0) vec4<f32> {{ return vec4<f32>(1.0); }}\n{SHOW}"
        );
        let write = "pass W { VertexShader = vs; PixelShader = ps; RenderTarget = Half; }";
        let out = compile(&[("fx.wfx", &effect(&body, &format!("{write} {READ}")))]);
        assert_eq!(out.render_diagnostics(), "");

        let body = "texture Half { Width = 4; Height = 4; Format = RGBA16F; };\n\
@fragment fn ps() -> @location(0) vec4<f32> { return vec4<f32>(1.0); }\n";
        let out = compile(&[("fx.wfx", &effect(body, write))]);
        assert!(out.effect.is_some());
        assert_eq!(
            findings(&out, DiagnosticCode::RenderTargetNeverRead),
            ["warning 6:9: 'Half' : rendered to but never read by any pass"]
        );
        assert_eq!(out.diagnostics.len(), 1, "{}", out.render_diagnostics());
    }
}
