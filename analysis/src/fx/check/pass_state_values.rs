//! The value of a pass state other than a shader or a render target, as ReShade's
//! `parse_technique_pass` reads it: one of its enumeration names (any state, any letter case),
//! or a constant expression. Anything else (a texture, a function, a uniform) is error X3011
//! where the pass is parsed, before any later error in the effect; what each state accepts is
//! checked when the pass is lowered.

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

impl Checker {
    /// Reports the value of `state` (a state ReShade reads as a value) when it is neither one
    /// of ReShade's enumeration names nor a constant.
    pub(super) fn check_pass_state_value(&mut self, state: &PassState) {
        if let ExprKind::Name(path) = &state.value.kind
            && path.segments.len() == 1
            && !path.absolute
            && reshade_value_number(&path.segments[0].name).is_some()
        {
            return;
        }
        if !self.is_constant_expr(&state.value) {
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
    }
}
