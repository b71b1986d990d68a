//! Render targets: targets rendered but never read (warning). Pixel-shader outputs against render
//! targets and `SRGBWriteEnable` on a format without an sRGB view are errors in lowering
//! (`lower/outputs.rs`, `lower/pass.rs`): the engine relies on them, and a lint can be skipped.

use std::collections::HashSet;

use super::LintContext;
use crate::diagnostic::{Diagnostic, DiagnosticCode};
use crate::model::BindingResource;

pub(super) fn check(cx: &LintContext, diagnostics: &mut Vec<Diagnostic>) {
    never_read(cx, diagnostics);
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
