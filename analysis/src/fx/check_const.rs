//! Global initialisers must be constant, as in ReShade 6.1, which has no code that runs them:
//! a call there is "invalid function call outside of a function" (ReShade's X3005), anything
//! else that is not constant "initial value must be a literal expression" (X3011), both
//! `NonConstInitializer` here. Constant: literals, named `const` values with constant
//! initialisers, operators, casts, constructors, initialiser lists, swizzles, members and
//! indexing of constants. Not constant (asked of ReShade's compiler): `?:`, calls (even of
//! intrinsics such as `sin`), non-`const` statics, uniforms.

use super::ast::*;
use super::check::Checker;
use crate::diagnostic::DiagnosticCode;

impl Checker {
    /// Whether `e` is a constant expression in ReShade's sense.
    pub(super) fn is_constant_expr(&self, e: &Expr) -> bool {
        match &e.kind {
            ExprKind::Literal(_) => true,
            ExprKind::Name(path) => self.variable(path).is_some_and(|v| v.constant),
            ExprKind::Unary { op, operand } => {
                !matches!(op, UnaryOp::PreIncrement | UnaryOp::PreDecrement)
                    && self.is_constant_expr(operand)
            }
            ExprKind::Binary { lhs, rhs, .. } => {
                self.is_constant_expr(lhs) && self.is_constant_expr(rhs)
            }
            ExprKind::Cast { operand, .. } | ExprKind::Member { base: operand, .. } => {
                self.is_constant_expr(operand)
            }
            ExprKind::Index { base, index } => {
                self.is_constant_expr(base) && self.is_constant_expr(index)
            }
            ExprKind::Construct { args, .. } | ExprKind::InitList(args) => {
                args.iter().all(|a| self.is_constant_expr(a))
            }
            // An error was reported where it is.
            ExprKind::Error => true,
            _ => false,
        }
    }

    /// Reports the initialiser of global `name` when it is not constant, at the initialiser.
    pub(super) fn check_global_constant(&mut self, name: &str, init: &Expr) {
        if self.is_constant_expr(init) {
            return;
        }
        let message = match first_call(init) {
            Some(callee) => format!("'{callee}' : invalid function call outside of a function"),
            None => format!("'{name}' : initial value must be a literal expression"),
        };
        self.report(DiagnosticCode::NonConstInitializer, init.range, message);
    }
}

/// The name of the first call inside `e` (ReShade rejects a call before anything else).
fn first_call(e: &Expr) -> Option<String> {
    match &e.kind {
        ExprKind::Call { callee, .. } => Some(callee.joined().into_owned()),
        ExprKind::Unary { operand: x, .. }
        | ExprKind::Postfix { operand: x, .. }
        | ExprKind::Cast { operand: x, .. }
        | ExprKind::Member { base: x, .. } => first_call(x),
        ExprKind::Binary { lhs, rhs, .. }
        | ExprKind::Index {
            base: lhs,
            index: rhs,
        }
        | ExprKind::Assign {
            target: lhs,
            value: rhs,
            ..
        } => first_call(lhs).or_else(|| first_call(rhs)),
        ExprKind::Ternary {
            cond,
            then,
            otherwise,
        } => first_call(cond)
            .or_else(|| first_call(then))
            .or_else(|| first_call(otherwise)),
        ExprKind::Construct { args, .. } | ExprKind::InitList(args) | ExprKind::Sequence(args) => {
            args.iter().find_map(first_call)
        }
        ExprKind::Literal(_) | ExprKind::Name(_) | ExprKind::Error => None,
    }
}
