//! Unused declarations: uniforms, textures, samplers and functions of the effect's own file that
//! no pass uses (warnings). Header declarations are exempt.

use rustc_hash::FxHashSet as HashSet;

use naga::valid::GlobalUse;

use super::LintContext;
use crate::diagnostic::{Diagnostic, DiagnosticCode};
use crate::model::{BindingResource, CompileMode, Uniform};

pub(super) fn check(cx: &LintContext, diagnostics: &mut Vec<Diagnostic>) {
    uniforms(cx, diagnostics);
    textures_and_samplers(cx, diagnostics);
    functions(cx, diagnostics);
}

/// The entry points a pass runs (one for a compute pass), as indices into the module's.
pub(super) fn pass_entries(pass: &crate::model::Pass) -> Vec<usize> {
    pass.entry_points().iter().map(|e| e.index()).collect()
}

/// A uniform is used when an entry point of some pass reads its private copy. The generated
/// loader only writes those copies, so a read always comes from user code. In performance mode
/// uniforms are constants that naga folds away, so usage is not known and nothing is reported.
/// A UI message is never read by design ([`is_ui_message`]).
fn uniforms(cx: &LintContext, diagnostics: &mut Vec<Diagnostic>) {
    let effect = cx.effect;
    if effect.mode != CompileMode::Normal {
        return;
    }
    for uniform in &effect.uniforms {
        if !cx.in_root(uniform.span) || is_ui_message(uniform) {
            continue;
        }
        let global = effect.module.global_variables.iter().find(|(_, var)| {
            var.space == naga::AddressSpace::Private && var.name.as_deref() == Some(&uniform.name)
        });
        let Some((handle, _)) = global else {
            continue;
        };
        let read = cx.passes().any(|pass| {
            pass_entries(pass)
                .into_iter()
                .any(|ep| effect.info.get_entry_point(ep)[handle].contains(GlobalUse::READ))
        });
        if !read {
            let name = cx.written_name(uniform.span, &uniform.name);
            diagnostics.push(Diagnostic::warning(
                DiagnosticCode::UnusedUniform,
                uniform.span,
                format!("'{name}' : uniform is never read by any pass"),
            ));
        }
    }
}

/// Whether a uniform only puts text in ReShade's UI: a choice (`radio`, `combo`, `list`) with at
/// most one item offers nothing to choose, so it only shows its label, `ui_text` and tooltip.
/// ReShade effects declare help, warnings, credits and separators this way
/// (`uniform int _Help < ui_type = "radio"; ui_text = "..."; >;`, or a `combo` whose one item is
/// "Info" with the text in its tooltip), and never read them.
fn is_ui_message(uniform: &Uniform) -> bool {
    let annotations = &uniform.annotations;
    let choice = matches!(
        annotations.string("ui_type"),
        Some("radio" | "combo" | "list")
    );
    // ReShade's items are separated (and ended) by NUL characters.
    let items = annotations.string("ui_items").map_or(0, |items| {
        items.split('\0').filter(|i| !i.is_empty()).count()
    });
    choice && items <= 1
}

/// A texture is used when a pass binds it (samples, loads or writes it as storage) or renders to
/// it; a texture that is only rendered to is [`super::targets`]' concern. A sampler is used when
/// a pass binds it, or when code a pass runs names it though only its texture is bound (a
/// ReShade FX texel fetch: [`super::LintFacts::named_samplers`]); the texture a `.wfx` sampler
/// names is its default, which WGSL code does not see.
fn textures_and_samplers(cx: &LintContext, diagnostics: &mut Vec<Diagnostic>) {
    let effect = cx.effect;
    let mut bound_textures = HashSet::default();
    let mut bound_samplers = HashSet::default();
    for pass in cx.passes() {
        bound_textures.extend(pass.render_targets.iter().copied());
        for binding in &pass.bindings {
            match binding.resource {
                BindingResource::Texture(id) => {
                    bound_textures.insert(id);
                }
                BindingResource::Sampler(id) => {
                    bound_samplers.insert(id);
                }
                _ => {}
            }
        }
    }
    for (index, texture) in effect.textures.iter().enumerate() {
        let used = bound_textures.iter().any(|id| id.index() == index) || storage_bound(cx, index);
        if !used && cx.in_root(texture.span) {
            diagnostics.push(Diagnostic::warning(
                DiagnosticCode::UnusedTexture,
                texture.span,
                format!(
                    "'{}' : texture is never used by any pass",
                    texture.display_name()
                ),
            ));
        }
    }
    for (index, sampler) in effect.samplers.iter().enumerate() {
        let used = bound_samplers.iter().any(|id| id.index() == index)
            || cx.facts.named_samplers.contains(&sampler.name);
        if !used && cx.in_root(sampler.span) {
            let name = cx.written_name(sampler.span, &sampler.name);
            diagnostics.push(Diagnostic::warning(
                DiagnosticCode::UnusedSampler,
                sampler.span,
                format!("'{name}' : sampler is never used by any pass"),
            ));
        }
    }
}

/// Whether a pass binds a storage view of the texture at `index`.
fn storage_bound(cx: &LintContext, index: usize) -> bool {
    cx.passes()
        .flat_map(|p| &p.bindings)
        .any(|b| match b.resource {
            BindingResource::Storage(id) => cx.effect.storage(id).texture.index() == index,
            _ => false,
        })
}

/// A function of the effect's own file that no entry point of any pass calls, directly or
/// through other functions: in the WGSL's call graph, and among the functions the front end
/// did not emit at all.
fn functions(cx: &LintContext, diagnostics: &mut Vec<Diagnostic>) {
    let module = &cx.effect.module;
    let mut reached = HashSet::default();
    let mut stack = Vec::new();
    for pass in cx.passes() {
        for ep in pass_entries(pass) {
            if let Some(entry) = module.entry_points.get(ep) {
                calls(&entry.function.body, &mut stack);
            }
        }
    }
    while let Some(function) = stack.pop() {
        if reached.insert(function) {
            calls(&module.functions[function].body, &mut stack);
        }
    }
    for (handle, function) in module.functions.iter() {
        if reached.contains(&handle) {
            continue;
        }
        let (Some(name), Some(range)) = (
            function.name.as_deref(),
            module.functions.get_span(handle).to_range(),
        ) else {
            continue;
        };
        // The generated loader and anything else after the user text maps to nothing.
        let Some(decl) = cx.wgsl_span(module.functions.get_span(handle)) else {
            continue;
        };
        let span = name_after_fn(&cx.effect.wgsl, range, name)
            .and_then(|(s, e)| cx.wgsl_span(naga::Span::new(s as u32, e as u32)))
            .unwrap_or(decl);
        if cx.in_root(span) {
            diagnostics.push(unused_function(name, span));
        }
    }
    // What a front end left out of the WGSL because no pass reaches it.
    for (name, span) in &cx.facts.unemitted_functions {
        if cx.in_root(*span) {
            diagnostics.push(unused_function(name, *span));
        }
    }
}

fn unused_function(name: &str, span: crate::source::Span) -> Diagnostic {
    Diagnostic::warning(
        DiagnosticCode::UnusedFunction,
        span,
        format!("'{name}' : function is never called from any pass"),
    )
}

/// Pushes every function a block calls, at any depth.
fn calls(block: &naga::Block, out: &mut Vec<naga::Handle<naga::Function>>) {
    use naga::Statement as S;
    for statement in block.iter() {
        match statement {
            S::Call { function, .. } => out.push(*function),
            S::Block(inner) => calls(inner, out),
            S::If { accept, reject, .. } => {
                calls(accept, out);
                calls(reject, out);
            }
            S::Switch { cases, .. } => cases.iter().for_each(|c| calls(&c.body, out)),
            S::Loop {
                body, continuing, ..
            } => {
                calls(body, out);
                calls(continuing, out);
            }
            _ => {}
        }
    }
}

/// The byte range of `name` after the `fn` keyword inside `range` of `text`.
fn name_after_fn(text: &str, range: std::ops::Range<usize>, name: &str) -> Option<(usize, usize)> {
    let decl = text.get(range.clone())?;
    let is_ident = |c: char| c.is_alphanumeric() || c == '_';
    let word_at = |i: usize, word: &str| {
        decl[i..].starts_with(word)
            && !decl[..i].ends_with(is_ident)
            && !decl[i + word.len()..].starts_with(is_ident)
    };
    let fn_at = (0..decl.len()).find(|&i| decl.is_char_boundary(i) && word_at(i, "fn"))?;
    let name_at =
        (fn_at + 2..decl.len()).find(|&i| decl.is_char_boundary(i) && word_at(i, name))?;
    Some((range.start + name_at, range.start + name_at + name.len()))
}

#[cfg(test)]
mod tests {
    use super::super::test_support::{VS, compile, findings};
    use crate::diagnostic::DiagnosticCode;

    const HEADER: &str = "uniform HeaderAmount: f32 = 1.0;\n\
texture HeaderTex : COLOR;\n\
sampler HeaderSampler { Texture = HeaderTex; };\n\
fn header_helper() -> f32 { return 1.0; }\n";

    fn effect(body: &str) -> String {
        format!(
            "#include \"h.wfxh\"\n{VS}{body}\ntechnique T {{ pass {{ VertexShader = vs; PixelShader = ps; }} }}\n"
        )
    }

    #[test]
    fn used_declarations_and_header_declarations_are_quiet() {
        let text = effect(
            "uniform Amount: f32 = 0.5;\n\
texture Color : COLOR;\n\
sampler S { Texture = Color; };\n\
fn scale(c: vec4<f32>) -> vec4<f32> { return c * Amount; }\n\
@fragment fn ps(v: VsOut) -> @location(0) vec4<f32> { return scale(textureSample(Color, S, v.uv)); }\n",
        );
        let out = compile(&[("fx.wfx", &text), ("h.wfxh", HEADER)]);
        assert_eq!(out.render_diagnostics(), "");
        assert!(out.effect.is_some());
    }

    #[test]
    fn unused_uniform_texture_sampler_and_function_are_warned() {
        let text = effect(
            "uniform Amount: f32 = 0.5;\n\
uniform Written: f32 = 0.5;\n\
texture Color : COLOR;\n\
sampler S { Texture = Color; };\n\
fn helper() -> f32 { return Amount; }\n\
fn only_from_helper2() -> f32 { return 1.0; }\n\
fn helper2() -> f32 { return only_from_helper2(); }\n\
@fragment fn unused_ps() -> @location(0) vec4<f32> { return vec4<f32>(helper2()); }\n\
@fragment fn ps(v: VsOut) -> @location(0) vec4<f32> { Written = 2.0; return vec4<f32>(v.uv, 0.0, 1.0); }\n",
        );
        let out = compile(&[("fx.wfx", &text), ("h.wfxh", HEADER)]);
        assert!(out.effect.is_some(), "{}", out.render_diagnostics());
        assert_eq!(
            findings(&out, DiagnosticCode::UnusedUniform),
            [
                "warning 7:9: 'Amount' : uniform is never read by any pass",
                "warning 8:9: 'Written' : uniform is never read by any pass"
            ]
        );
        assert_eq!(
            findings(&out, DiagnosticCode::UnusedTexture),
            ["warning 9:9: 'Color' : texture is never used by any pass"]
        );
        assert_eq!(
            findings(&out, DiagnosticCode::UnusedSampler),
            ["warning 10:9: 'S' : sampler is never used by any pass"]
        );
        assert_eq!(
            findings(&out, DiagnosticCode::UnusedFunction),
            [
                "warning 11:4: 'helper' : function is never called from any pass",
                "warning 12:4: 'only_from_helper2' : function is never called from any pass",
                "warning 13:4: 'helper2' : function is never called from any pass"
            ]
        );
    }

    #[test]
    fn performance_mode_does_not_judge_uniforms() {
        let text = effect(
            "uniform Amount: f32 = 0.5;\n\
@fragment fn ps() -> @location(0) vec4<f32> { return vec4<f32>(1.0); }\n",
        );
        let files = super::super::test_support::Files(&[("fx.wfx", &text), ("h.wfxh", HEADER)]);
        let options = crate::Options {
            mode: crate::CompileMode::Performance,
            ..crate::Options::default()
        };
        let out = crate::load_effect_with(std::path::Path::new("fx.wfx"), &files, &options);
        assert!(out.effect.is_some(), "{}", out.render_diagnostics());
        assert_eq!(
            findings(&out, DiagnosticCode::UnusedUniform),
            Vec::<String>::new()
        );
    }
}
