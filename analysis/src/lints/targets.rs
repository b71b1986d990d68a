//! Render targets and pixel-shader outputs: targets rendered but never read (warning),
//! `SRGBWriteEnable` on a format without an sRGB view (warning), and pixel-shader `@location`
//! outputs that do not match the pass's render targets (error when a target gets no output or
//! the wrong kind of scalar, warning for an output with no target).

use std::collections::HashSet;

use super::LintContext;
use crate::diagnostic::{Diagnostic, DiagnosticCode};
use crate::model::{BindingResource, Pass, ScalarKind, TextureFormat, TextureKind};

pub(super) fn check(cx: &LintContext, diagnostics: &mut Vec<Diagnostic>) {
    never_read(cx, diagnostics);
    for pass in cx.passes().filter(|p| !p.is_compute()) {
        srgb_write(cx, pass, diagnostics);
        pixel_outputs(cx, pass, diagnostics);
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

fn scalar_name(kind: ScalarKind) -> &'static str {
    match kind {
        ScalarKind::Float => "f32",
        ScalarKind::Sint => "i32",
        ScalarKind::Uint => "u32",
        ScalarKind::Bool => "bool",
    }
}

/// The `@location` outputs of a fragment entry point with their scalar kinds.
fn fragment_outputs(module: &naga::Module, entry: &naga::EntryPoint) -> Vec<(u32, ScalarKind)> {
    let kind = |ty: naga::Handle<naga::Type>| match module.types[ty].inner.scalar_kind() {
        Some(naga::ScalarKind::Sint) => ScalarKind::Sint,
        Some(naga::ScalarKind::Uint) => ScalarKind::Uint,
        Some(naga::ScalarKind::Bool) => ScalarKind::Bool,
        _ => ScalarKind::Float,
    };
    let Some(result) = &entry.function.result else {
        return Vec::new();
    };
    match (&result.binding, &module.types[result.ty].inner) {
        (Some(naga::Binding::Location { location, .. }), _) => vec![(*location, kind(result.ty))],
        (None, naga::TypeInner::Struct { members, .. }) => members
            .iter()
            .filter_map(|m| match m.binding {
                Some(naga::Binding::Location { location, .. }) => Some((location, kind(m.ty))),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    }
}

fn pixel_outputs(cx: &LintContext, pass: &Pass, diagnostics: &mut Vec<Diagnostic>) {
    let module = &cx.effect.module;
    let Some(entry) = pass
        .draw()
        .and_then(|draw| module.entry_points.get(draw.fragment.index()))
    else {
        return;
    };
    let outputs = fragment_outputs(module, entry);
    let span = cx.state_value_span(pass, "PixelShader");
    // (name, texel kind, declaration) per slot; the back buffer is one float target.
    let targets: Vec<(String, ScalarKind, Option<crate::source::Span>)> =
        if pass.render_targets.is_empty() {
            vec![("the back buffer".to_string(), ScalarKind::Float, None)]
        } else {
            pass.render_targets
                .iter()
                .map(|id| {
                    let texture = cx.effect.texture(*id);
                    let kind = format_of(cx, *id).map_or(ScalarKind::Float, |f| f.sample_scalar());
                    (
                        format!("render target '{}'", texture.name),
                        kind,
                        Some(texture.span),
                    )
                })
                .collect()
        };
    let ps = &entry.name;
    for (slot, (target, kind, declared)) in targets.iter().enumerate() {
        let output = outputs.iter().find(|(l, _)| *l as usize == slot);
        let mut d = match output {
            None if pass.write_mask[slot] != 0 => Diagnostic::error(
                DiagnosticCode::PixelShaderOutputMismatch,
                span,
                format!("'{ps}' : has no @location({slot}) output for {target}"),
            )
            .with_note(format!(
                "every render target needs an output at its slot, or a write mask of 0 (RenderTargetWriteMask{slot} = 0)"
            )),
            Some((_, out)) if out != kind => Diagnostic::error(
                DiagnosticCode::PixelShaderOutputMismatch,
                span,
                format!(
                    "'{ps}' : @location({slot}) output is {} but {target} holds {} texels",
                    scalar_name(*out),
                    scalar_name(*kind)
                ),
            ),
            _ => continue,
        };
        if let Some(declared) = declared {
            d = d.with_related(*declared, "render target declared here");
        }
        diagnostics.push(d);
    }
    for (location, _) in outputs.iter().filter(|(l, _)| *l as usize >= targets.len()) {
        diagnostics.push(Diagnostic::warning(
            DiagnosticCode::PixelShaderOutputMismatch,
            span,
            format!(
                "'{ps}' : @location({location}) output has no render target and is discarded (the pass has {} target{})",
                targets.len(),
                if targets.len() == 1 { "" } else { "s" }
            ),
        ));
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

    #[test]
    fn pixel_outputs_must_cover_targets_with_the_right_scalar_kind() {
        let body = format!(
            "texture Half {{ Width = 4; Height = 4; Format = RGBA16F; }};\n\
texture Ids {{ Width = 4; Height = 4; Format = R32U; }};\n\
struct Two {{ @location(0) a: vec4<f32>, @location(1) b: vec4<u32> }}\n\
@fragment fn one() -> @location(0) vec4<f32> {{ return vec4<f32>(1.0); }}\n\
@fragment fn two() -> Two {{ return Two(vec4<f32>(1.0), vec4<u32>(1u)); }}\n\
@fragment fn int_out() -> @location(0) vec4<i32> {{ return vec4<i32>(1); }}\n{SHOW}\
@fragment fn show2(v: VsOut) -> @location(0) vec4<f32> {{ return vec4<f32>(textureLoad(Ids, vec2<i32>(0), 0)); }}\n"
        );
        let passes = "pass Ok { VertexShader = vs; PixelShader = two; RenderTarget0 = Half; RenderTarget1 = Ids; }\n\
pass Missing { VertexShader = vs; PixelShader = one; RenderTarget0 = Half; RenderTarget1 = Ids; }\n\
pass Masked { VertexShader = vs; PixelShader = one; RenderTarget0 = Half; RenderTarget1 = Ids; RenderTargetWriteMask1 = 0; }\n\
pass Extra { VertexShader = vs; PixelShader = two; RenderTarget = Half; }\n\
pass Kind { VertexShader = vs; PixelShader = int_out; }\n\
pass { VertexShader = vs; PixelShader = show; }\n\
pass { VertexShader = vs; PixelShader = show2; }";
        let out = compile(&[("fx.wfx", &effect(&body, passes))]);
        assert!(out.effect.is_none());
        assert_eq!(
            findings(&out, DiagnosticCode::PixelShaderOutputMismatch),
            [
                "error 16:49: 'one' : has no @location(1) output for render target 'Ids'",
                "warning 18:47: 'two' : @location(1) output has no render target and is discarded (the pass has 1 target)",
                "error 19:46: 'int_out' : @location(0) output is i32 but the back buffer holds f32 texels",
            ]
        );
        assert_eq!(out.diagnostics.len(), 3, "{}", out.render_diagnostics());
    }
}
