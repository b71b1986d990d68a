//! Global initialisers must be constant, as in ReShade 6.1, which has no code that runs them:
//! a call there is "invalid function call outside of a function" (ReShade's X3005, reported
//! where the call is read, as for every call outside a function: `check_expr.rs`), anything
//! else that is not constant "initial value must be a literal expression" (X3011), both
//! `NonConstInitializer` here. Constant: literals, named `const` values with constant
//! initialisers, operators, casts, constructors, initialiser lists, swizzles, members and
//! indexing of constants. Not constant (asked of ReShade's compiler): `?:`, calls (even of
//! intrinsics such as `sin`), non-`const` statics, uniforms.

use super::ast::*;
use super::check::Checker;
use super::check_expr::integral;
use crate::Severity;
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
            // ReShade folds no integer `/` or `%` by zero (`add_binary_operation` skips the
            // zero divisor), so the value stays code, which no initialiser may be.
            ExprKind::Binary { op, lhs, rhs } => {
                self.is_constant_expr(lhs)
                    && self.is_constant_expr(rhs)
                    && !(matches!(op, BinaryOp::Divide | BinaryOp::Modulo)
                        && self.facts.types.get(&e.range).is_some_and(integral)
                        && self.zero_lane(rhs))
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
            // ReShade's comma operator: the last part's constness (`(U, 2)` is constant).
            ExprKind::Sequence(items) => items.last().is_some_and(|l| self.is_constant_expr(l)),
            // An error was reported where it is.
            ExprKind::Error => true,
            _ => false,
        }
    }

    /// Whether constant `e` has a lane that is zero as an integer: ReShade stops folding an
    /// integer division at the first such lane of its divisor (`evaluate_constant_expression`),
    /// so `int4(1, 2, 3, 4) / int4(1, 0, 1, 1)` stays code, as `4 / 0` does.
    fn zero_lane(&self, e: &Expr) -> bool {
        match &e.kind {
            ExprKind::Construct { args, .. } | ExprKind::InitList(args) => {
                args.iter().any(|a| self.zero_lane(a))
            }
            ExprKind::Unary {
                op: UnaryOp::Negate | UnaryOp::Plus,
                operand,
            }
            | ExprKind::Cast { operand, .. } => self.zero_lane(operand),
            ExprKind::Sequence(items) => items.last().is_some_and(|l| self.zero_lane(l)),
            _ => self.const_value(e).is_some_and(|v| v.trunc() == 0.0),
        }
    }

    /// Reports the initialiser of global `name` when it is not constant, at the initialiser
    /// (a call in it was reported where it was read: `check_expr.rs`, `call`).
    pub(super) fn check_global_constant(&mut self, name: &str, init: &Expr) {
        if self.is_constant_expr(init) || self.error_within(init.range) {
            return;
        }
        let message = format!("'{name}' : initial value must be a literal expression");
        self.report(DiagnosticCode::NonConstInitializer, init.range, message);
    }
}

impl Checker {
    /// Whether an error was reported inside `range`: ReShade stops at the first error of an
    /// expression, so nothing is said of the expression as a whole (an undeclared name in a
    /// constant's initialiser is not also a non-constant initialiser).
    fn error_within(&self, range: TextRange) -> bool {
        self.findings.iter().any(|f| {
            f.severity == Severity::Error
                && !f.reshade_accepts
                && range.start <= f.range.start
                && f.range.end <= range.end
        })
    }
}
