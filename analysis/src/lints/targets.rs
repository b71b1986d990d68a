//! Render targets: targets rendered but never read (warning) and `SRGBWriteEnable` on a format
//! without an sRGB view (warning). Pixel-shader outputs against render targets are checked in
//! lowering (`lower/outputs.rs`): the engine relies on them, and a lint can be skipped.

use std::collections::HashSet;

use super::LintContext;
use crate::diagnostic::{Diagnostic, DiagnosticCode};
use crate::model::{BindingResource, Pass, TextureFormat, TextureKind};

pub(super) fn check(cx: &LintContext, diagnostics: &mut Vec<Diagnostic>) {
    never_read(cx, diagnostics);
    for pass in cx.passes().filter(|p| !p.is_compute()) {
        srgb_write(cx, pass, diagnostics);
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
    let mut reported = HashSet::new();
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
                        texture.name
                    ),
                )
                .with_related(pass.span, "rendered here"),
            );
        }
    }
}

fn format_of(cx: &LintContext, id: crate::model::TextureId) -> Option<TextureFormat> {
    match cx.effect.texture(id).kind {
        TextureKind::Owned { format, .. } => Some(format),
        TextureKind::Semantic(_) => None,
    }
}

/// Only RGBA8 (and the back buffer) has an sRGB view; elsewhere `SRGBWriteEnable` does nothing.
fn srgb_write(cx: &LintContext, pass: &Pass, diagnostics: &mut Vec<Diagnostic>) {
    if !pass.srgb_write {
        return;
    }
    for id in &pass.render_targets {
        let Some(format) = format_of(cx, *id).filter(|f| *f != TextureFormat::RGBA8) else {
            continue;
        };
        let texture = cx.effect.texture(*id);
        let name = TextureFormat::ALL
            .iter()
            .find(|(_, f)| *f == format)
            .map_or("?", |(n, _)| n);
        diagnostics.push(
            Diagnostic::warning(
                DiagnosticCode::SrgbWriteWithoutSrgbFormat,
                cx.state_span(pass, "SRGBWriteEnable"),
                format!(
                    "'SRGBWriteEnable' : render target '{}' has format {name}, which has no sRGB view; writes stay linear",
                    texture.name
                ),
            )
            .with_related(texture.span, "declared here")
            .with_note("only RGBA8 render targets and the back buffer have an sRGB view"),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::{VS, compile, findings};
    use crate::diagnostic::DiagnosticCode;

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

    #[test]
    fn srgb_write_needs_rgba8_or_the_back_buffer() {
        let body = format!(
            "texture Half {{ Width = 4; Height = 4; Format = RGBA16F; }};\n\
texture Low {{ Width = 4; Height = 4; Format = RGBA8; }};\n\
@fragment fn ps() -> @location(0) vec4<f32> {{ return vec4<f32>(1.0); }}\n{SHOW}\
@fragment fn show2(v: VsOut) -> @location(0) vec4<f32> {{ return textureLoad(Low, vec2<i32>(0), 0); }}\n"
        );
        let passes = "pass { VertexShader = vs; PixelShader = ps; RenderTarget = Low; SRGBWriteEnable = true; }\n\
pass { VertexShader = vs; PixelShader = ps; RenderTarget = Half; SRGBWriteEnable = true; }\n\
pass { VertexShader = vs; PixelShader = show; SRGBWriteEnable = true; }\n\
pass { VertexShader = vs; PixelShader = show2; }";
        let out = compile(&[("fx.wfx", &effect(&body, passes))]);
        assert!(out.effect.is_some(), "{}", out.render_diagnostics());
        assert_eq!(
            findings(&out, DiagnosticCode::SrgbWriteWithoutSrgbFormat),
            [
                "warning 13:66: 'SRGBWriteEnable' : render target 'Half' has format RGBA16F, which has no sRGB view; writes stay linear"
            ]
        );
        assert_eq!(out.diagnostics.len(), 1, "{}", out.render_diagnostics());
    }
}
