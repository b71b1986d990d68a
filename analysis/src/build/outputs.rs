//! Pixel-shader outputs against a draw's render targets. The engine's pipelines write every
//! target from the output at its slot, so an output of the wrong kind of scalar is an error
//! here, in lowering, where no `ValidatedEffect` can escape it. A target without an output is a
//! warning, and the pass keeps what that target held (its write mask becomes 0: ReShade accepts
//! such a pass and leaves the texels to the graphics API); an output with no target is a warning.

use super::pass::PassStates;
use crate::diagnostic::{Diagnostic, DiagnosticCode};
use crate::model::{EntryPointId, ScalarKind, Texture, TextureId, TextureKind};
use crate::source::Span;

/// Reports pixel-shader outputs that do not match the render targets (the back buffer when
/// there are none); `None` when one of them is an error, else the slots no output writes.
pub(super) fn check_pixel_outputs(
    module: &naga::Module,
    textures: &[Texture],
    states: &PassStates,
    fragment: EntryPointId,
    render_targets: &[TextureId],
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<Vec<usize>> {
    // The id came from this module; without its entry point there is nothing to compare.
    let Some(entry) = module.entry_points.get(fragment.index()) else {
        return Some(Vec::new());
    };
    let outputs = fragment_outputs(module, entry);
    let span = states.fragment_span;
    let targets = target_kinds(textures, render_targets);
    let ps = states.fragment_name.as_deref().unwrap_or(&entry.name);
    let spelling = states.spelling;
    let mut failed = false;
    let mut unwritten = Vec::new();
    for (slot, (target, kind, declared)) in targets.iter().enumerate() {
        let output = outputs.iter().find(|(l, _)| *l as usize == slot);
        let mut d = match output {
            // ReShade accepts it and leaves the target's texels to the graphics API; fxbench
            // keeps what the target held (a write mask of 0 there).
            None if states.write_mask[slot] != 0 => {
                unwritten.push(slot);
                Diagnostic::warning(
                    DiagnosticCode::PixelShaderOutputMismatch,
                    span,
                    format!(
                        "'{ps}' : has no {} output for {target}, which keeps what it held",
                        spelling.output(slot)
                    ),
                )
                .with_note(format!(
                    "write an output at its slot, or say so with RenderTargetWriteMask{slot} = 0"
                ))
            }
            None => continue,
            Some((_, out)) if out != kind => Diagnostic::error(
                DiagnosticCode::PixelShaderOutputMismatch,
                span,
                format!(
                    "'{ps}' : {} output is {} but {target} holds {} texels",
                    spelling.output(slot),
                    spelling.scalar(*out),
                    spelling.scalar(*kind)
                ),
            ),
            _ => continue,
        };
        if let Some(declared) = declared {
            d = d.with_related(*declared, "render target declared here");
        }
        failed |= d.is_error();
        diagnostics.push(d);
    }
    for (location, _) in outputs.iter().filter(|(l, _)| *l as usize >= targets.len()) {
        diagnostics.push(Diagnostic::warning(
            DiagnosticCode::PixelShaderOutputMismatch,
            span,
            format!(
                "'{ps}' : {} output has no render target and is discarded (the pass has {} target{})",
                spelling.output(location),
                targets.len(),
                if targets.len() == 1 { "" } else { "s" }
            ),
        ));
    }
    (!failed).then_some(unwritten)
}

/// (name, texel kind, declaration) per slot; the back buffer is one float target.
fn target_kinds(
    textures: &[Texture],
    render_targets: &[TextureId],
) -> Vec<(String, ScalarKind, Option<Span>)> {
    if render_targets.is_empty() {
        return vec![("the back buffer".to_string(), ScalarKind::Float, None)];
    }
    render_targets
        .iter()
        .map(|id| {
            let texture = &textures[id.index()];
            let kind = match texture.kind {
                TextureKind::Owned { format, .. } => format.sample_scalar(),
                TextureKind::Semantic(_) => ScalarKind::Float,
            };
            (
                format!("render target '{}'", texture.display_name()),
                kind,
                Some(texture.span),
            )
        })
        .collect()
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

#[cfg(test)]
mod tests {
    use crate::diagnostic::DiagnosticCode;
    use crate::lints::test_support::{VS, compile, findings};

    fn effect(body: &str, pass: &str) -> String {
        format!("{VS}{body}\ntechnique T {{ {pass} }}\n")
    }

    const SHOW: &str = "@fragment fn show(v: VsOut) -> @location(0) vec4<f32> { return textureLoad(Half, vec2<i32>(0), 0); }\n";

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
                "warning 16:49: 'one' : has no @location(1) output for render target 'Ids', which keeps what it held",
                "warning 18:47: 'two' : @location(1) output has no render target and is discarded (the pass has 1 target)",
                "error 19:46: 'int_out' : @location(0) output is i32 but the back buffer holds f32 texels",
            ]
        );
        assert_eq!(out.diagnostics.len(), 3, "{}", out.render_diagnostics());
    }
}
