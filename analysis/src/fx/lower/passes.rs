//! FX techniques and passes: the entry points the passes name (planned before code generation),
//! and each pass's states read into the shared [`PassStates`] with the value tables both front ends share.

use rustc_hash::FxHashMap as HashMap;

use super::super::ast::{self, Expr, ExprKind, Item, Literal, Module, PassState, TextRange};
use super::super::check::Facts;
use super::super::lexer::Base;
use super::entry::{EntryRequest, Retyped};
use super::items::{Lowered, annotations, const_scalar};
use super::{ItemIds, Result, unsupported};
use crate::build::state_values::{
    BLEND_FACTORS, BLEND_OPS, COMPARE_FUNCS, STENCIL_OPS, StateValues, TOPOLOGIES, per_target_state,
};
use crate::build::{EffectBuilder, PassStates, Spelling};
use crate::diagnostic::{Diagnostic, DiagnosticCode};
use crate::model::*;
use crate::source::Span;

/// The entry points every pass needs, by the range of the state naming them.
pub(crate) struct Plan {
    pub entries: Vec<EntryRequest>,
    pub by_state: HashMap<TextRange, EntryRequest>,
    /// Pixel-shader outputs the wrappers write as the bits of another kind (from the code).
    pub retyped: Vec<Retyped>,
}

/// The techniques of `items`, namespaces included, in the order of the text.
fn techniques(items: &[Item]) -> Vec<&ast::Technique> {
    let mut out = Vec::new();
    for item in items {
        match item {
            Item::Namespace(n) => out.extend(techniques(&n.items)),
            Item::Technique(t) => out.push(t),
            _ => {}
        }
    }
    out
}

/// The function a shader state names, as the checker resolved it (of several overloads, the
/// last declared).
fn function_id(facts: &Facts, value: &Expr) -> Result<usize> {
    let ExprKind::Name(path) = &value.kind else {
        return unsupported(value.range, "expected a function name");
    };
    match facts.entry_points.get(&path.range) {
        Some(&id) => Ok(id),
        None => unsupported(
            value.range,
            format!("'{}' : no such function", path.joined()),
        ),
    }
}

/// The `[numthreads(x, y, z)]` of function `id`, which a compute pass without `<x, y, z>` uses.
fn declared_threads(
    items: &[Item],
    facts: &Facts,
    id: usize,
    lowered: &Lowered,
) -> Option<[u32; 3]> {
    items.iter().find_map(|item| match item {
        Item::Namespace(n) => declared_threads(&n.items, facts, id, lowered),
        Item::Function(f) if facts.functions.get(&f.name.range) == Some(&id) => {
            let a = f.attributes.iter().find(|a| a.name.name == "numthreads")?;
            let mut threads = [1u32; 3];
            for (t, e) in threads.iter_mut().zip(&a.args) {
                // As ReShade: a count that is not constant is 0, and each at least 1.
                *t = const_scalar(e, &lowered.consts).map_or(1, |v| v.max(1.0) as u32);
            }
            Some(threads)
        }
        _ => None,
    })
}

/// Finds the entry points the passes name.
pub(crate) fn plan(module: &Module, facts: &Facts, lowered: &Lowered) -> Result<Plan> {
    let mut plan = Plan {
        entries: Vec::new(),
        by_state: HashMap::default(),
        retyped: Vec::new(),
    };
    for t in techniques(&module.items) {
        for pass in &t.passes {
            let compute = pass.states.iter().any(|s| s.name.name == "ComputeShader");
            // A pixel shader's inputs depend on the vertex shader of its pass (`varyings.rs`).
            let vertex = pass
                .states
                .iter()
                .rev()
                .find(|s| s.name.name == "VertexShader")
                .and_then(|s| function_id(facts, &s.value).ok());
            for state in &pass.states {
                // A compute pass uses its compute shader only (ReShade warns about the others).
                if compute && state.name.name != "ComputeShader" {
                    continue;
                }
                let stage = match state.name.name.as_str() {
                    "VertexShader" => naga::ShaderStage::Vertex,
                    "PixelShader" => naga::ShaderStage::Fragment,
                    "ComputeShader" => naga::ShaderStage::Compute,
                    _ => continue,
                };
                let mut threads = [1u32; 3];
                for (k, e) in state.threads.iter().take(3).enumerate() {
                    match const_scalar(e, &lowered.consts) {
                        Some(v) if v >= 1.0 => threads[k] = v as u32,
                        _ => {
                            return unsupported(
                                e.range,
                                "thread group size must be a positive constant",
                            );
                        }
                    }
                }
                let function = function_id(facts, &state.value)?;
                if state.threads.is_empty()
                    && let Some(declared) =
                        declared_threads(&module.items, facts, function, lowered)
                {
                    threads = declared;
                }
                let request = EntryRequest {
                    function,
                    stage,
                    threads,
                    range: state.value.range,
                    vertex: vertex.filter(|_| stage == naga::ShaderStage::Fragment),
                    zeroed: Vec::new(),
                    targets: if stage == naga::ShaderStage::Fragment {
                        target_bases(pass, lowered)
                    } else {
                        Vec::new()
                    },
                };
                // One per wrapper and vertex shader; `varyings.rs` merges those that come out
                // the same.
                if !plan
                    .entries
                    .iter()
                    .any(|e| e.wgsl_name() == request.wgsl_name() && e.vertex == request.vertex)
                {
                    plan.entries.push(request.clone());
                }
                plan.by_state.insert(state.range, request);
            }
        }
    }
    Ok(plan)
}

/// A warning for each output of the pass's pixel shader its wrapper writes as the bits of its
/// render target's kind.
fn retyped_warnings(
    plan: &Plan,
    request: &EntryRequest,
    states: &PassStates,
    span: Span,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let entry = request.wgsl_name();
    let ps = states.fragment_name.as_deref().unwrap_or(&entry);
    for r in plan.retyped.iter().filter(|r| r.entry == entry) {
        diagnostics.push(
            Diagnostic::warning(
                DiagnosticCode::PixelShaderOutputMismatch,
                span,
                format!(
                    "'{ps}' : {} output is {} but its render target holds {} texels",
                    states.spelling.output(r.slot),
                    r.from.as_str(),
                    r.to.as_str()
                ),
            )
            .with_note(
                "ReShade accepts it, and Direct3D and Vulkan leave what such a write stores \
                 undefined; fxbench stores the output's bits, as GPUs do",
            ),
        );
    }
}

/// What each render target of `pass` holds, from slot 0 up to the first empty one (as ReShade
/// binds them); empty when all hold floats or the pass draws to the back buffer.
fn target_bases(pass: &ast::Pass, lowered: &Lowered) -> Vec<Base> {
    let mut slots: [Option<Base>; 8] = [None; 8];
    for s in &pass.states {
        let (Some(slot), ExprKind::Name(path)) = (target_slot(&s.name.name), &s.value.kind) else {
            continue;
        };
        let Some(id) = texture_named(&lowered.ids, &path.joined()) else {
            continue;
        };
        slots[slot] = Some(
            match lowered.items.textures.get(id.index()).map(|t| &t.kind) {
                Some(TextureKind::Owned { format, .. }) => match format.sample_scalar() {
                    ScalarKind::Sint => Base::Int,
                    ScalarKind::Uint => Base::Uint,
                    _ => Base::Float,
                },
                _ => Base::Float,
            },
        );
    }
    let bound: Vec<Base> = slots.iter().map_while(|b| *b).collect();
    if bound.iter().all(|&b| b == Base::Float) {
        Vec::new()
    } else {
        bound
    }
}

/// The slot a `RenderTarget`/`RenderTargetN` state names (N below 8).
fn target_slot(key: &str) -> Option<usize> {
    match key.strip_prefix("RenderTarget")? {
        "" => Some(0),
        digit => digit.parse::<usize>().ok().filter(|&i| i < 8),
    }
}

/// The texture a render-target state names as written: qualified, or the longest qualified
/// name ending in it (a name inside a namespace).
fn texture_named(ids: &ItemIds, written: &str) -> Option<TextureId> {
    ids.textures
        .iter()
        .filter(|(q, _)| *q == written || q.ends_with(&format!("::{written}")))
        .max_by_key(|(q, _)| q.len())
        .map(|(_, &id)| id)
}

/// Lowers every technique with the passes that lower.
pub(crate) fn lower_techniques(
    module: &Module,
    facts: &Facts,
    plan: &Plan,
    lowered: &Lowered,
    builder: &mut EffectBuilder,
    locate: &dyn Fn(TextRange) -> Span,
    diagnostics: &mut Vec<Diagnostic>,
) -> Vec<Technique> {
    let mut out = Vec::new();
    for t in techniques(&module.items) {
        let annotations = annotations(&t.annotations, &lowered.consts).unwrap_or_default();
        let mut passes = Vec::new();
        for pass in &t.passes {
            super::varyings::signature_warnings(module, facts, pass, locate, diagnostics);
            let states = pass_states(
                pass,
                plan,
                &lowered.ids,
                builder,
                locate,
                diagnostics,
                lowered,
            );
            if let Some(p) = builder.pass(states, diagnostics) {
                passes.push(p);
            }
        }
        out.push(Technique {
            name: t.name.name.to_string(),
            annotations,
            passes,
            span: locate(t.name.range),
        });
    }
    out
}

/// The name or number a state value is written as.
fn value_name(e: &Expr) -> Option<String> {
    match &e.kind {
        ExprKind::Name(p) => Some(p.joined().to_ascii_uppercase()),
        ExprKind::Literal(Literal::Bool(b)) => {
            Some(if *b { "TRUE".into() } else { "FALSE".into() })
        }
        _ => None,
    }
}

/// A value of one of ReShade's enumerations: a name from its table or the number it stands for.
fn lookup<T: Copy>(e: &Expr, lowered: &Lowered, values: &StateValues<T>) -> Option<T> {
    match &e.kind {
        ExprKind::Name(p) => values
            .value_of_name(&p.joined())
            .or_else(|| values.value_of_constant(const_scalar(e, &lowered.consts)?)),
        _ => values.value_of_constant(number(e, lowered)?),
    }
}

/// [`lookup`], with the value ReShade's runtime converts a number of no member of the state's
/// enumeration to (its `convert_blend_op`, `convert_blend_factor`, ... fall back to ADD, ONE,
/// KEEP, ALWAYS): the name or constant must still be one ReShade reads.
fn lookup_or<T: Copy>(
    e: &Expr,
    lowered: &Lowered,
    values: &StateValues<T>,
    fallback: T,
) -> Option<T> {
    if let Some(v) = lookup(e, lowered, values) {
        return Some(v);
    }
    let read = match &e.kind {
        ExprKind::Name(p) => {
            crate::build::state_values::reshade_value_number(&p.joined()).is_some()
                || const_scalar(e, &lowered.consts).is_some()
        }
        _ => number(e, lowered).is_some(),
    };
    read.then_some(fallback)
}

/// A state's number: `true`, `false`, one of ReShade's value names (any state reads them:
/// `ClearRenderTargets = ONE` is 1), or a constant.
fn number(e: &Expr, lowered: &Lowered) -> Option<f64> {
    match value_name(e).as_deref() {
        Some("TRUE") => Some(1.0),
        Some("FALSE") => Some(0.0),
        Some(name) if let Some(n) = crate::build::state_values::reshade_value_number(name) => {
            Some(f64::from(n))
        }
        _ => const_scalar(e, &lowered.consts),
    }
}

#[allow(clippy::too_many_arguments)]
fn pass_states(
    pass: &ast::Pass,
    plan: &Plan,
    ids: &ItemIds,
    builder: &EffectBuilder,
    locate: &dyn Fn(TextRange) -> Span,
    diagnostics: &mut Vec<Diagnostic>,
    lowered: &Lowered,
) -> PassStates {
    // Errors about the whole pass point at its `pass` keyword, where ReShade puts them.
    let keyword = TextRange::new(pass.range.start as usize, pass.range.start as usize + 4);
    let span = locate(keyword);
    let mut states = PassStates::new(pass.name.as_ref().map(|n| n.name.to_string()), span);
    states.spelling = Spelling::ReshadeFx;
    let compute = pass.states.iter().any(|s| s.name.name == "ComputeShader");
    for s in &pass.states {
        // The state as ReShade reads its name (`BlendEnable1x` is `BlendEnable1`); the checker
        // let no other name through.
        let canonical = super::super::check::reshade_state_name(&s.name.name);
        let key = canonical.as_deref().unwrap_or(&s.name.name);
        // As ReShade: a compute pass ignores its vertex and pixel shaders, and any other state
        // named `...Shader` (`GeometryShader`) names a function that is not used.
        let ignored_shader = key.len() > 6
            && key.ends_with("Shader")
            && (compute && key != "ComputeShader"
                || !matches!(key, "VertexShader" | "PixelShader" | "ComputeShader"));
        if ignored_shader {
            continue;
        }
        let value_span = locate(s.value.range);
        let ok = match key {
            "VertexShader" | "PixelShader" | "ComputeShader" => match plan.by_state.get(&s.range) {
                Some(request) => {
                    let entry = builder.entry_point(
                        &request.wgsl_name(),
                        request.stage,
                        key,
                        value_span,
                        diagnostics,
                    );
                    match request.stage {
                        naga::ShaderStage::Vertex => states.vertex = entry,
                        naga::ShaderStage::Fragment => {
                            states.fragment = entry;
                            states.fragment_span = value_span;
                            if let ExprKind::Name(path) = &s.value.kind {
                                states.fragment_name = Some(path.joined().into_owned());
                            }
                            retyped_warnings(plan, request, &states, value_span, diagnostics);
                        }
                        _ => {
                            states.compute = entry;
                            states.compute_state = Some(value_span);
                        }
                    }
                    entry.is_some()
                }
                None => false,
            },
            "DispatchSizeX" | "DispatchSizeY" | "DispatchSizeZ" => {
                match number(&s.value, lowered) {
                    Some(v) if v >= 1.0 => {
                        let axis = usize::from(key == "DispatchSizeY")
                            + 2 * usize::from(key == "DispatchSizeZ");
                        states.groups[axis] = v as u32;
                        true
                    }
                    _ => false,
                }
            }
            "ClearRenderTargets" => number(&s.value, lowered)
                .map(|v| states.clear = v != 0.0)
                .is_some(),
            "SRGBWriteEnable" => {
                states.srgb_write_span = locate(s.range);
                number(&s.value, lowered)
                    .map(|v| states.srgb_write = v != 0.0)
                    .is_some()
            }
            "GenerateMipMaps" | "GenerateMipmaps" => number(&s.value, lowered)
                .map(|v| states.generate_mips = v != 0.0)
                .is_some(),
            "VertexCount" => number(&s.value, lowered)
                .map(|v| states.vertex_count = v as u32)
                .is_some(),
            "PrimitiveTopology" | "PrimitiveType" => lookup(&s.value, lowered, &TOPOLOGIES)
                .map(|t| states.topology = t)
                .is_some(),
            "StencilEnable" => number(&s.value, lowered)
                .map(|v| states.stencil_enable = v != 0.0)
                .is_some(),
            "StencilFunc" => lookup_or(&s.value, lowered, &COMPARE_FUNCS, CompareFunc::Always)
                .map(|f| states.stencil.func = f)
                .is_some(),
            "StencilRef" => number(&s.value, lowered)
                .map(|v| states.stencil.reference = v as u8)
                .is_some(),
            // ReShade reads `StencilMask` as the read mask (Direct3D 9's D3DRS_STENCILMASK).
            "StencilReadMask" | "StencilMask" => number(&s.value, lowered)
                .map(|v| states.stencil.read_mask = v as u8)
                .is_some(),
            "StencilWriteMask" => number(&s.value, lowered)
                .map(|v| states.stencil.write_mask = v as u8)
                .is_some(),
            "StencilPass" | "StencilPassOp" => {
                lookup_or(&s.value, lowered, &STENCIL_OPS, StencilOp::Keep)
                    .map(|o| states.stencil.pass_op = o)
                    .is_some()
            }
            "StencilFail" | "StencilFailOp" => {
                lookup_or(&s.value, lowered, &STENCIL_OPS, StencilOp::Keep)
                    .map(|o| states.stencil.fail_op = o)
                    .is_some()
            }
            "StencilZFail" | "StencilDepthFail" | "StencilDepthFailOp" => {
                lookup_or(&s.value, lowered, &STENCIL_OPS, StencilOp::Keep)
                    .map(|o| states.stencil.depth_fail_op = o)
                    .is_some()
            }
            _ if key.starts_with("RenderTarget") && !key.starts_with("RenderTargetWriteMask") => {
                render_target(s, ids, builder, value_span, diagnostics, &mut states)
            }
            _ => target_state(key, s, lowered, &mut states),
        };
        if !ok && states.ok {
            diagnostics.push(Diagnostic::error(
                DiagnosticCode::InvalidRenderStateValue,
                value_span,
                format!("'{}' : invalid or unsupported value", s.name.name),
            ));
            states.ok = false;
        }
    }
    ignore_targets_after_a_gap(&mut states, diagnostics);
    states
}

/// ReShade's runtime binds a pass's render targets from slot 0 up to the first empty slot
/// (with slot 0 empty, the pass renders to the back buffer), so a target named after a gap is
/// ignored there: here too, with a warning where it is named.
fn ignore_targets_after_a_gap(states: &mut PassStates, diagnostics: &mut Vec<Diagnostic>) {
    let Some(gap) = states.targets.iter().position(Option::is_none) else {
        return;
    };
    for slot in gap + 1..states.targets.len() {
        if let Some((_, span)) = states.targets[slot].take() {
            diagnostics.push(Diagnostic::warning(
                DiagnosticCode::InvalidRenderStateValue,
                span,
                format!(
                    "'RenderTarget{slot}' : ignored, as ReShade ignores it: render targets bind \
                     from slot 0 up to the first empty one, 'RenderTarget{gap}'"
                ),
            ));
        }
    }
}

fn render_target(
    s: &PassState,
    ids: &ItemIds,
    builder: &EffectBuilder,
    span: Span,
    diagnostics: &mut Vec<Diagnostic>,
    states: &mut PassStates,
) -> bool {
    let (Some(slot), ExprKind::Name(path)) = (target_slot(&s.name.name), &s.value.kind) else {
        return false;
    };
    let Some(id) = texture_named(ids, &path.joined()) else {
        return false;
    };
    states.set_render_target(slot, id, span, builder.textures(), diagnostics);
    true
}

fn target_state(key: &str, s: &PassState, lowered: &Lowered, states: &mut PassStates) -> bool {
    let Some((state, slots)) = per_target_state(key) else {
        return false;
    };
    for slot in slots {
        let ok = match state {
            "BlendEnable" => number(&s.value, lowered)
                .map(|v| states.blend_enable[slot] = v != 0.0)
                .is_some(),
            "BlendOp" => lookup_or(&s.value, lowered, &BLEND_OPS, BlendOp::Add)
                .map(|o| states.blend_ops[slot].0 = o)
                .is_some(),
            "BlendOpAlpha" => lookup_or(&s.value, lowered, &BLEND_OPS, BlendOp::Add)
                .map(|o| states.blend_ops[slot].1 = o)
                .is_some(),
            "RenderTargetWriteMask" | "ColorWriteEnable" | "ColorWriteMask" => {
                // ReShade keeps the low byte; a target has four channels to mask.
                number(&s.value, lowered)
                    .map(|v| states.write_mask[slot] = (v as i64 & 0xF) as u8)
                    .is_some()
            }
            factor => {
                let index = ["SrcBlend", "DestBlend", "SrcBlendAlpha", "DestBlendAlpha"]
                    .iter()
                    .position(|n| *n == factor);
                let f = lookup_or(&s.value, lowered, &BLEND_FACTORS, BlendFactor::One);
                match (index, f) {
                    (Some(i), Some(f)) => {
                        states.blend_factors[slot][i] = f;
                        true
                    }
                    _ => false,
                }
            }
        };
        if !ok {
            return false;
        }
    }
    true
}
