//! A WFX `pass { Key = value; ... }` block read into the shared [`PassStates`] builder: each
//! state parsed and checked on its own (shader names resolved by the [`EffectBuilder`]), in the
//! order written, so every bad value is reported once.

use super::Ctx;
use super::eval::{bool_value, eval, ident_value, int_value, no_idents, state_map, unknown_state};
use super::items::TextureIds;
use crate::build::state_values::{
    BLEND_FACTORS, BLEND_OPS, COMPARE_FUNCS, STENCIL_OPS, StateValues, TOPOLOGIES, per_target_state,
};
use crate::build::{EffectBuilder, PassStates};
use crate::diagnostic::DiagnosticCode;
use crate::model::*;
use crate::wfx::parse::{Assignment, ExprKind, PassDecl};

/// Reads a pass block's states; the shared checks run in [`EffectBuilder::pass`].
pub(super) fn pass_states(
    cx: &mut Ctx,
    decl: &PassDecl,
    builder: &EffectBuilder,
    texture_ids: &TextureIds,
) -> PassStates {
    let span = cx.span(
        decl.keyword.start,
        decl.name.as_ref().map_or(decl.keyword.end, |n| n.end),
    );
    let mut states = PassStates::new(decl.name.as_ref().map(|n| n.name.clone()), span);
    for a in state_map(cx, &decl.states) {
        let key = a.key.name.as_str();
        let ok = match key {
            "VertexShader" | "PixelShader" | "ComputeShader" => {
                shader_state(cx, a, builder, &mut states)
            }
            _ if key.starts_with("Stencil") => stencil_state(cx, a, &mut states),
            "DispatchSizeX" | "DispatchSizeY" | "DispatchSizeZ" => {
                let axis = usize::from(key.as_bytes()[key.len() - 1] - b'X');
                int_value(cx, a, 1..=65535)
                    .map(|n| states.groups[axis] = n)
                    .is_some()
            }
            "ClearRenderTargets" => {
                states.clear = bool_value(cx, a).unwrap_or_default();
                true
            }
            "SRGBWriteEnable" => {
                states.srgb_write = bool_value(cx, a).unwrap_or_default();
                states.srgb_write_span = cx.span(a.key.start, a.value.end);
                true
            }
            "VertexCount" => {
                states.vertex_count = int_value(cx, a, 1..=u32::MAX).unwrap_or(3);
                true
            }
            "PrimitiveTopology" | "PrimitiveType" => state_value(cx, a, &TOPOLOGIES)
                .map(|t| states.topology = t)
                .is_some(),
            "GenerateMipMaps" | "GenerateMipmaps" => {
                states.generate_mips = bool_value(cx, a).unwrap_or(true);
                true
            }
            _ => match per_target_state(key) {
                Some((state, slots)) => target_state(cx, a, state, slots, &mut states),
                None if key.starts_with("RenderTarget") => {
                    render_target(cx, a, builder, texture_ids, &mut states)
                }
                None => {
                    unknown_state(cx, a, "pass");
                    false
                }
            },
        };
        states.ok &= ok;
    }
    states
}

/// `VertexShader`, `PixelShader` or `ComputeShader`: an entry point of that stage.
fn shader_state(
    cx: &mut Ctx,
    a: &Assignment,
    builder: &EffectBuilder,
    states: &mut PassStates,
) -> bool {
    let stage = match a.key.name.as_str() {
        "VertexShader" => naga::ShaderStage::Vertex,
        "PixelShader" => naga::ShaderStage::Fragment,
        _ => naga::ShaderStage::Compute,
    };
    if stage == naga::ShaderStage::Compute {
        // A `ComputeShader` state makes a compute pass, even when its value is wrong.
        states.compute_state = Some(cx.ident_span(&a.key));
    }
    let entry = ident_value(cx, a).and_then(|name| {
        let span = cx.expr_span(&a.value);
        builder.entry_point(name, stage, &a.key.name, span, cx.diagnostics)
    });
    match stage {
        naga::ShaderStage::Vertex => states.vertex = entry,
        naga::ShaderStage::Fragment => {
            states.fragment = entry;
            states.fragment_span = cx.expr_span(&a.value);
        }
        _ => states.compute = entry,
    }
    entry.is_some()
}

/// The stencil states: `StencilEnable`, the comparison, reference and masks, and operations.
fn stencil_state(cx: &mut Ctx, a: &Assignment, states: &mut PassStates) -> bool {
    let key = a.key.name.as_str();
    let stencil = &mut states.stencil;
    match key {
        "StencilEnable" => {
            states.stencil_enable = bool_value(cx, a).unwrap_or_default();
            true
        }
        "StencilFunc" => state_value(cx, a, &COMPARE_FUNCS)
            .map(|f| stencil.func = f)
            .is_some(),
        "StencilRef" | "StencilReadMask" | "StencilWriteMask" | "StencilMask" => {
            // ReShade reads `StencilMask` as the read mask (Direct3D 9's D3DRS_STENCILMASK).
            match int_value(cx, a, 0..=255) {
                Some(v) if key == "StencilRef" => stencil.reference = v as u8,
                Some(v) if key == "StencilWriteMask" => stencil.write_mask = v as u8,
                Some(v) => stencil.read_mask = v as u8,
                None => return false,
            }
            true
        }
        "StencilPassOp" | "StencilPass" | "StencilFailOp" | "StencilFail"
        | "StencilDepthFailOp" | "StencilDepthFail" | "StencilZFail" => {
            match state_value(cx, a, &STENCIL_OPS) {
                Some(op) if key.starts_with("StencilPass") => stencil.pass_op = op,
                Some(op) if key.starts_with("StencilFail") => stencil.fail_op = op,
                Some(op) => stencil.depth_fail_op = op,
                None => return false,
            }
            true
        }
        _ => {
            unknown_state(cx, a, "pass");
            false
        }
    }
}

/// A state whose value is one of ReShade's enumerations: a name from its table, in any case, or
/// the number it stands for.
fn state_value<T: Copy>(cx: &mut Ctx, a: &Assignment, values: &StateValues<T>) -> Option<T> {
    let (found, written) = match &a.value.kind {
        ExprKind::Ident(name) if !matches!(name.as_str(), "true" | "false") => {
            (values.value_of_name(name), name.clone())
        }
        _ => match eval(&a.value, &no_idents) {
            Ok(v) if v.len() == 1 => (values.value_of_constant(v[0]), v[0].to_string()),
            _ => (None, "value".to_owned()),
        },
    };
    if found.is_none() {
        let span = cx.expr_span(&a.value);
        cx.error(
            DiagnosticCode::InvalidRenderStateValue,
            span,
            format!(
                "'{written}' : invalid value for '{}' (expected one of {})",
                a.key.name,
                values.names.join(", ")
            ),
        );
    }
    found
}

/// A per-render-target state (blending, write mask) for the slots it names.
fn target_state(
    cx: &mut Ctx,
    a: &Assignment,
    state: &str,
    slots: std::ops::Range<usize>,
    states: &mut PassStates,
) -> bool {
    // Parsed once, so a bad value is reported once however many slots it sets.
    let value = match state {
        "BlendEnable" => bool_value(cx, a).map(TargetState::Blend),
        "BlendOp" => state_value(cx, a, &BLEND_OPS).map(TargetState::ColorOp),
        "BlendOpAlpha" => state_value(cx, a, &BLEND_OPS).map(TargetState::AlphaOp),
        "RenderTargetWriteMask" | "ColorWriteEnable" | "ColorWriteMask" => {
            int_value(cx, a, 0..=15).map(|m| TargetState::Mask(m as u8))
        }
        factor => {
            let index = ["SrcBlend", "DestBlend", "SrcBlendAlpha", "DestBlendAlpha"]
                .iter()
                .position(|n| *n == factor)
                .expect("per_target_state names only these factors");
            state_value(cx, a, &BLEND_FACTORS).map(|f| TargetState::Factor(index, f))
        }
    };
    let Some(value) = value else {
        return false;
    };
    for slot in slots {
        match value {
            TargetState::Blend(on) => states.blend_enable[slot] = on,
            TargetState::ColorOp(op) => states.blend_ops[slot].0 = op,
            TargetState::AlphaOp(op) => states.blend_ops[slot].1 = op,
            TargetState::Mask(m) => states.write_mask[slot] = m,
            TargetState::Factor(i, f) => states.blend_factors[slot][i] = f,
        }
    }
    true
}

/// `RenderTarget` or `RenderTarget0` to `RenderTarget7`: a declared texture.
fn render_target(
    cx: &mut Ctx,
    a: &Assignment,
    builder: &EffectBuilder,
    texture_ids: &TextureIds,
    states: &mut PassStates,
) -> bool {
    let key = a.key.name.as_str();
    let slot = match &key["RenderTarget".len()..] {
        "" => Some(0),
        digit => digit.parse::<usize>().ok().filter(|&i| i < 8),
    };
    let Some(slot) = slot else {
        unknown_state(cx, a, "pass");
        return false;
    };
    let Some(name) = ident_value(cx, a) else {
        return false;
    };
    let value_span = cx.expr_span(&a.value);
    let Some(id) = texture_ids.lookup(cx, name, value_span) else {
        return false;
    };
    states.set_render_target(slot, id, value_span, builder.textures(), cx.diagnostics);
    true
}

/// A parsed per-render-target state value.
#[derive(Clone, Copy)]
enum TargetState {
    Blend(bool),
    ColorOp(BlendOp),
    AlphaOp(BlendOp),
    Mask(u8),
    Factor(usize, BlendFactor),
}
