//! The value of a pass state other than a shader or a render target, as ReShade's
//! `parse_technique_pass` reads it: one of its enumeration names (any state, any letter case),
//! or a constant expression. Anything else (a texture, a function, a uniform) is error X3011
//! where the pass is parsed, before any later error in the effect; what each state accepts is
//! checked when the pass is lowered.

use std::borrow::Cow;

use super::Checker;
use crate::DiagnosticCode;
use crate::build::state_values::reshade_value_number;
use crate::fx::ast::*;

/// Whether state `name` names a shader function (`VertexShader`, `PixelShader`, ...).
pub(super) fn is_shader_state(name: &str) -> bool {
    name.len() > 6 && name.ends_with("Shader")
}

/// Whether ReShade reads state `name`'s value as a symbol (a shader function or a render
/// target texture) rather than as a value.
pub(super) fn names_a_symbol(name: &str) -> bool {
    let target = name.strip_prefix("RenderTarget").is_some_and(|rest| {
        rest.is_empty() || rest.as_bytes()[0].is_ascii_digit() && rest.as_bytes()[0] < b'8'
    });
    is_shader_state(name) || target
}

/// The state ReShade 6.1's `parse_technique_pass` reads `name` as (state names keep their
/// letter case): the name itself, or a per-target state's name with the one digit (0 to 7)
/// ReShade reads after it, which is all it reads (`BlendEnable1x` sets target 1's); `None` for a
/// name it does not recognise (X3004). Shader and render-target states are not asked here.
pub(crate) fn reshade_state_name(name: &str) -> Option<Cow<'_, str>> {
    const PLAIN: [&str; 23] = [
        "SRGBWriteEnable",
        "StencilEnable",
        "ClearRenderTargets",
        "StencilReadMask",
        "StencilMask",
        "StencilWriteMask",
        "StencilFunc",
        "StencilRef",
        "StencilPass",
        "StencilPassOp",
        "StencilFail",
        "StencilFailOp",
        "StencilZFail",
        "StencilDepthFail",
        "StencilDepthFailOp",
        "VertexCount",
        "PrimitiveType",
        "PrimitiveTopology",
        "DispatchSizeX",
        "DispatchSizeY",
        "DispatchSizeZ",
        "GenerateMipmaps",
        "GenerateMipMaps",
    ];
    // In ReShade's order: a name goes to the first whose prefix it starts with and whose next
    // character is none or a target's digit (`BlendOpAlpha1` is not `BlendOp`'s).
    const PER_TARGET: [&str; 9] = [
        "BlendEnable",
        "ColorWriteMask",
        "RenderTargetWriteMask",
        "BlendOp",
        "BlendOpAlpha",
        "SrcBlend",
        "SrcBlendAlpha",
        "DestBlend",
        "DestBlendAlpha",
    ];
    if PLAIN.contains(&name) {
        return Some(Cow::Borrowed(name));
    }
    PER_TARGET.iter().find_map(|prefix| {
        let rest = name.strip_prefix(prefix)?;
        match rest.as_bytes() {
            [] | [b'0'..=b'7'] => Some(Cow::Borrowed(name)),
            [digit @ b'0'..=b'7', ..] => Some(Cow::Owned(format!("{prefix}{}", *digit as char))),
            _ => None,
        }
    })
}

impl Checker {
    /// Reports the value of `state` (a state ReShade reads as a value) when it is neither one
    /// of ReShade's enumeration names nor a constant; whether it was.
    pub(super) fn check_pass_state_value(&mut self, state: &PassState) -> bool {
        if let ExprKind::Name(path) = &state.value.kind
            && path.segments.len() == 1
            && !path.absolute
            && reshade_value_number(&path.segments[0].name).is_some()
        {
            return false;
        }
        let reported = !self.is_constant_expr(&state.value);
        if reported {
            let message = match &state.value.kind {
                ExprKind::Name(path) => format!(
                    "'{}' : '{}' is no constant and none of ReShade's state values (ONE, \
                     SRCALPHA, ADD, LESS, KEEP, ...)",
                    state.name.name,
                    path.joined()
                ),
                _ => format!(
                    "'{}' : pass state value must be a literal scalar expression",
                    state.name.name
                ),
            };
            self.report(
                DiagnosticCode::InvalidRenderStateValue,
                state.value.range,
                message,
            );
        }
        reported
    }
}
