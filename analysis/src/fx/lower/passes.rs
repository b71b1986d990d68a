//! FX techniques and passes: the entry points the passes name (planned before code generation),
//! and each pass's states read into the shared [`PassStates`] with the value tables both front ends share.

use std::collections::HashMap;

use super::super::ast::{self, Expr, ExprKind, Item, Literal, Module, PassState, TextRange};
use super::super::check::Facts;
use super::entry::EntryRequest;
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
}

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

/// The function a shader state names.
fn function_id(facts: &Facts, value: &Expr) -> Result<usize> {
    let ExprKind::Name(path) = &value.kind else {
        return unsupported(value.range, "expected a function name");
    };
    let written = path.joined();
    let matches: Vec<usize> = facts
        .function_names
        .iter()
        .enumerate()
        .filter(|(_, q)| **q == written || q.ends_with(&format!("::{written}")))
        .map(|(i, _)| i)
        .collect();
    match matches.as_slice() {
        [one] => Ok(*one),
        [] => unsupported(value.range, format!("'{written}' : no such function")),
        _ => unsupported(
            value.range,
            format!("'{written}' : overloaded entry point not supported"),
        ),
    }
}

/// Finds the entry points the passes name.
pub(crate) fn plan(module: &Module, facts: &Facts, lowered: &Lowered) -> Result<Plan> {
    let mut plan = Plan {
        entries: Vec::new(),
        by_state: HashMap::new(),
    };
    for t in techniques(&module.items) {
        for pass in &t.passes {
            for state in &pass.states {
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
                let request = EntryRequest {
                    function: function_id(facts, &state.value)?,
                    stage,
                    threads,
                    range: state.value.range,
                };
                if !plan
                    .entries
                    .iter()
                    .any(|e| e.wgsl_name() == request.wgsl_name())
                {
                    plan.entries.push(request.clone());
                }
                plan.by_state.insert(state.range, request);
            }
        }
    }
    Ok(plan)
}

/// Lowers every technique with the passes that lower.
pub(crate) fn lower_techniques(
    module: &Module,
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
            name: t.name.name.clone(),
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

fn number(e: &Expr, lowered: &Lowered) -> Option<f64> {
    match value_name(e).as_deref() {
        Some("TRUE") => Some(1.0),
        Some("FALSE") => Some(0.0),
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
    let mut states = PassStates::new(pass.name.as_ref().map(|n| n.name.clone()), span);
    states.spelling = Spelling::ReshadeFx;
    for s in &pass.states {
        let key = s.name.name.as_str();
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
                                states.fragment_name = Some(path.joined());
                            }
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
            "StencilFunc" => lookup(&s.value, lowered, &COMPARE_FUNCS)
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
            "StencilPass" | "StencilPassOp" => lookup(&s.value, lowered, &STENCIL_OPS)
                .map(|o| states.stencil.pass_op = o)
                .is_some(),
            "StencilFail" | "StencilFailOp" => lookup(&s.value, lowered, &STENCIL_OPS)
                .map(|o| states.stencil.fail_op = o)
                .is_some(),
            "StencilZFail" | "StencilDepthFail" | "StencilDepthFailOp" => {
                lookup(&s.value, lowered, &STENCIL_OPS)
                    .map(|o| states.stencil.depth_fail_op = o)
                    .is_some()
            }
            _ if key.starts_with("RenderTarget") && !key.starts_with("RenderTargetWriteMask") => {
                render_target(s, ids, builder, value_span, diagnostics, &mut states)
            }
            _ => target_state(s, lowered, &mut states),
        };
        if !ok && states.ok {
            diagnostics.push(Diagnostic::error(
                DiagnosticCode::InvalidRenderStateValue,
                value_span,
                format!("'{key}' : invalid or unsupported value"),
            ));
            states.ok = false;
        }
    }
    states
}

fn render_target(
    s: &PassState,
    ids: &ItemIds,
    builder: &EffectBuilder,
    span: Span,
    diagnostics: &mut Vec<Diagnostic>,
    states: &mut PassStates,
) -> bool {
    let slot = match &s.name.name["RenderTarget".len()..] {
        "" => Some(0),
        digit => digit.parse::<usize>().ok().filter(|&i| i < 8),
    };
    let (Some(slot), ExprKind::Name(path)) = (slot, &s.value.kind) else {
        return false;
    };
    let written = path.joined();
    let found = ids
        .textures
        .iter()
        .filter(|(q, _)| **q == written || q.ends_with(&format!("::{written}")))
        .max_by_key(|(q, _)| q.len());
    let Some((_, &id)) = found else {
        return false;
    };
    states.set_render_target(slot, id, span, builder.textures(), diagnostics);
    true
}

fn target_state(s: &PassState, lowered: &Lowered, states: &mut PassStates) -> bool {
    let Some((state, slots)) = per_target_state(&s.name.name) else {
        return false;
    };
    for slot in slots {
        let ok = match state {
            "BlendEnable" => number(&s.value, lowered)
                .map(|v| states.blend_enable[slot] = v != 0.0)
                .is_some(),
            "BlendOp" => lookup(&s.value, lowered, &BLEND_OPS)
                .map(|o| states.blend_ops[slot].0 = o)
                .is_some(),
            "BlendOpAlpha" => lookup(&s.value, lowered, &BLEND_OPS)
                .map(|o| states.blend_ops[slot].1 = o)
                .is_some(),
            "RenderTargetWriteMask" | "ColorWriteEnable" | "ColorWriteMask" => {
                number(&s.value, lowered)
                    .filter(|v| (0.0..=15.0).contains(v))
                    .map(|v| states.write_mask[slot] = v as u8)
                    .is_some()
            }
            factor => {
                let index = ["SrcBlend", "DestBlend", "SrcBlendAlpha", "DestBlendAlpha"]
                    .iter()
                    .position(|n| *n == factor);
                match (index, lookup(&s.value, lowered, &BLEND_FACTORS)) {
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
