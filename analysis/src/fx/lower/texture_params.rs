//! Texture objects as function parameters and results. ReShade 6.1 accepts a `texture2D`
//! parameter (plain, `out` or `inout`, passed on to another function, assigned, returned), but no
//! intrinsic of 6.1 reads a texture object: a texture value can only travel between functions
//! and is never read. So it carries nothing: texture parameters are dropped from the WGSL
//! signature, their arguments from each call, a texture result makes the function return
//! nothing, and what remains of a texture expression is its side effects, the user calls in it
//! (`G(F(CaseTex))` still runs `F`).

use super::super::ast::*;
use super::super::lexer::ObjectKind;
use super::super::types::Type;
use super::emit::Emitter;
use super::{Result, unsupported};

/// Whether values of `ty` are texture objects (or arrays of them).
pub(super) fn is_texture(ty: &Type) -> bool {
    match ty {
        Type::Object {
            kind: ObjectKind::Texture,
            ..
        } => true,
        Type::Array(element, _) => is_texture(element),
        _ => false,
    }
}

impl Emitter<'_> {
    /// Writes the side effects of texture expression `e` as statements; its value is dropped.
    pub(super) fn texture_effects(&mut self, e: &Expr) -> Result<()> {
        match &e.kind {
            ExprKind::Name(_) => Ok(()),
            ExprKind::Call { callee, args } => {
                let Some(&id) = self.facts.calls.get(&callee.range) else {
                    return unsupported(e.range, "a built-in call giving a texture");
                };
                let call = self.user_call(id, callee, args, e.range)?;
                if !call.is_empty() {
                    self.line(e.range, &format!("{call};"));
                }
                Ok(())
            }
            // Writing a texture place writes nothing: texture places hold no value here.
            ExprKind::Assign { value, .. } => self.texture_effects(value),
            ExprKind::Sequence(items) => {
                for item in items {
                    if is_texture(self.ty(item)) {
                        self.texture_effects(item)?;
                    } else {
                        self.expr_statement(item)?;
                    }
                }
                Ok(())
            }
            _ => unsupported(e.range, "this use of a texture object is not supported yet"),
        }
    }
}
