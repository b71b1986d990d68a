//! Evaluation order around side effects inside expressions, as ReShade 6.1's parser has it.
//!
//! Side effects inside an expression (assignments, `++`/`--`, calls with `out` arguments) are
//! written as statements before the statement that holds the expression, in the order ReShade
//! evaluates them. What the rest of the expression reads then depends on when ReShade reads it:
//!
//! - a *place* (a variable, a member or swizzle of one, an element, a cast of one: ReShade's
//!   access chain) is read only when the operator that uses it runs, after every operand has
//!   been parsed: `n + (n = 3)` is `3 + 3`, `f + J(f)` reads what `J` wrote, `x * (x += 1)`
//!   multiplies the new value by itself, `max(m, m = 5)` and `k > 2 ? k : (k = 7)`'s `k` read
//!   the new value. ReShade's HLSL and GLSL output show it (`n = 3; int _20 = n + 3;`);
//! - a *computed value* (an operator's result, a call's, a constructor's of several
//!   arguments, an index that is not a place) is computed where it stands: `n * 2 + (n = 3)`
//!   doubles the old `n`, the condition of `k > 2 ? k : (k = 7)` tests the old `k`, and
//!   `a[i + 1]` picks its element by the old `i` (the array itself is still read late).
//!
//! So an operand followed by operands with side effects is *pinned* (held in a `let` where it
//! stands) when it is a computed value that reads memory (any name or call, conservatively);
//! a place is left as it is, its computed indices pinned. Without later side effects nothing is
//! pinned and the WGSL stays as it was.

use rustc_hash::FxHashSet as HashSet;

use super::super::ast::*;
use super::super::types::Type;
use super::emit::Emitter;
use super::{Result, unsupported};

impl Emitter<'_> {
    /// Marks the operands of `e` that must be pinned because a later operand writes: those
    /// ReShade evaluates one after the other, in that order, so that what is computed in one of
    /// them happens before the side effects of the ones after it.
    pub(super) fn mark_operands(&mut self, e: &Expr) {
        // This runs for every expression written: no list of the operands is built.
        match &e.kind {
            ExprKind::Binary { lhs, rhs, .. } => self.mark_ordered([&**lhs, &**rhs].into_iter()),
            ExprKind::Ternary {
                cond,
                then,
                otherwise,
            } => self.mark_ordered([&**cond, &**then, &**otherwise].into_iter()),
            ExprKind::Construct { args, .. } | ExprKind::Call { args, .. } => {
                self.mark_ordered(args.iter())
            }
            ExprKind::InitList(items) => self.mark_ordered(items.iter()),
            ExprKind::Index { base, index } => self.mark_ordered([&**base, &**index].into_iter()),
            _ => {}
        }
    }

    /// Marks each of `operands` (in evaluation order) that some operand after it writes.
    fn mark_ordered<'e>(&mut self, operands: impl DoubleEndedIterator<Item = &'e Expr>) {
        // From the back: whether any operand after the one at hand writes (the last one is
        // looked into only when some operand comes before it).
        let mut operands = operands.rev();
        let Some(mut after) = operands.next() else {
            return;
        };
        let mut later_writes = false;
        for operand in operands {
            later_writes = later_writes || self.writes(after);
            if later_writes {
                mark(operand, &mut self.pinned);
            }
            after = operand;
        }
    }

    /// Whether `e` was marked to be pinned.
    pub(super) fn is_pinned(&self, e: &Expr) -> bool {
        !self.pinned.is_empty() && self.pinned.contains(&e.range)
    }

    /// `code`, a value of type `ty`, held in a `let` where it stands (unless it is one already).
    pub(super) fn pin(&mut self, code: String, ty: &Type, range: TextRange) -> Result<String> {
        if is_temp(&code) {
            return Ok(code);
        }
        if code.is_empty() {
            return unsupported(range, "a call without a value used as a value");
        }
        let t = self.temp();
        let wt = self.wgsl(ty, range)?;
        let code = super::parens::bare(&code);
        self.line(range, &format!("let {t}: {wt} = {code};"));
        Ok(t)
    }
}

/// Marks what must be pinned in operand `e`, which later side effects follow: `e` itself when
/// it is a computed value reading memory, or else the computed indices of its place.
fn mark(e: &Expr, pins: &mut HashSet<TextRange>) {
    match place_parts(e) {
        Some(indices) => {
            for index in indices {
                mark(index, pins);
            }
        }
        None if reads_memory(e) => {
            pins.insert(e.range);
        }
        None => {}
    }
}

/// The indices along `e` when it is a place as ReShade reads it late (its access chain); `None`
/// when it is a computed value.
fn place_parts(e: &Expr) -> Option<Vec<&Expr>> {
    match &e.kind {
        ExprKind::Name(_) => Some(Vec::new()),
        ExprKind::Member { base, .. }
        | ExprKind::Cast { operand: base, .. }
        | ExprKind::Unary {
            op: UnaryOp::Plus,
            operand: base,
        } => place_parts(base),
        ExprKind::Construct { args, .. } if args.len() == 1 => place_parts(&args[0]),
        ExprKind::Index { base, index } => {
            let mut parts = place_parts(base)?;
            parts.push(index);
            Some(parts)
        }
        _ => None,
    }
}

/// Whether the value of `e` may depend on memory a side effect can change: any name or call.
fn reads_memory(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Literal(_) | ExprKind::Error => false,
        ExprKind::Name(_) | ExprKind::Call { .. } => true,
        ExprKind::Unary { operand, .. }
        | ExprKind::Postfix { operand, .. }
        | ExprKind::Cast { operand, .. }
        | ExprKind::Member { base: operand, .. } => reads_memory(operand),
        ExprKind::Binary { lhs, rhs, .. } => reads_memory(lhs) || reads_memory(rhs),
        ExprKind::Assign { .. } | ExprKind::Sequence(_) => true,
        ExprKind::Ternary {
            cond,
            then,
            otherwise,
        } => reads_memory(cond) || reads_memory(then) || reads_memory(otherwise),
        ExprKind::Construct { args, .. } | ExprKind::InitList(args) => {
            args.iter().any(reads_memory)
        }
        ExprKind::Index { base, index } => reads_memory(base) || reads_memory(index),
    }
}

/// Whether `code` is a temporary's name already (`fx_t12`): a value fixed where it was made.
pub(super) fn is_temp(code: &str) -> bool {
    code.strip_prefix("fx_t")
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

#[cfg(test)]
mod tests {
    use super::is_temp;

    #[test]
    fn temporaries_are_recognised_by_name() {
        assert!(is_temp("fx_t3"));
        assert!(!is_temp("fx_t"));
        assert!(!is_temp("fx_t3.x"));
        assert!(!is_temp("n"));
    }
}
