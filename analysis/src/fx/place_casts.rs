//! Casts that are places, as in ReShade: a cast or one-argument constructor to the operand's own
//! type changes nothing (`expression::add_cast_operation` returns before it marks the value
//! const), and one to a shorter vector or a scalar of the same base type is a swizzle of the
//! operand (`(float2)v3` is `v3.xy`); both stay as writable as the operand, so
//! `--float2(uv)`, `(float)v = 1` and `f(int2(i))` for an `out` parameter write the variable.
//! A unary `+` is skipped the same way (`parse_expression_unary` does nothing for it).
//! The checker takes them as places ([`cast_place`]); after it, [`rewrite`] replaces them in the
//! tree by the operand or its swizzle, so that lowering sees ordinary places.

use rustc_hash::FxHashMap as HashMap;

use super::ast::{
    Block, Expr, ExprKind, Ident, Item, Module, PostfixOp, Stmt, StmtKind, TextRange, UnaryOp,
};
use super::types::Type;

/// What a cast of `from` to `to` is as a place: `Some("")` the operand itself, `Some("xy")` a
/// swizzle of it, `None` no place (a conversion, or a widening that repeats a component).
pub(super) fn cast_place(from: &Type, to: &Type) -> Option<&'static str> {
    if from == to && !from.is_error() {
        return Some("");
    }
    match (from, to) {
        (
            Type::Numeric {
                base: a,
                rows: r1,
                cols: 1,
            },
            Type::Numeric {
                base: b,
                rows: r2,
                cols: 1,
            },
        ) if a == b && r2 < r1 => Some(&"xyzw"[..usize::from(*r2)]),
        _ => None,
    }
}

/// Whether a cast of `from` to `to` is the operand's swizzle that repeats its one component
/// (`(float2)f` is `f.xx`): ReShade's front end keeps it writable, but the store it writes is
/// one no back end compiles (HLSL's and GLSL's `f.xx = v`, a vector stored to a scalar in
/// SPIR-V).
pub(super) fn widening_place(from: &Type, to: &Type) -> bool {
    matches!(
        (from, to),
        (
            Type::Numeric { base: a, rows: 1, cols: 1 },
            Type::Numeric { base: b, rows: 2..=4, cols: 1 },
        ) if a == b
    )
}

/// The operand of a cast or one-argument constructor `e`, if `e` is one, or of a unary `+`
/// (which ReShade skips: `++ +x` and `+x = 1` write `x`).
pub(super) fn cast_operand(e: &Expr) -> Option<&Expr> {
    match &e.kind {
        ExprKind::Unary {
            op: UnaryOp::Plus,
            operand,
        } => Some(operand),
        ExprKind::Cast { operand, .. } => Some(operand),
        ExprKind::Construct { args, .. } if args.len() == 1 => args.first(),
        _ => None,
    }
}

/// Replaces every cast that is a place where a place is written (an assignment's target, an
/// increment's operand, a call's argument) by its operand or the operand's swizzle.
pub(super) fn rewrite(module: &mut Module, types: &HashMap<TextRange, Type>) {
    for item in &mut module.items {
        rewrite_item(item, types);
    }
}

fn rewrite_item(item: &mut Item, types: &HashMap<TextRange, Type>) {
    match item {
        Item::Namespace(ns) => {
            for item in &mut ns.items {
                rewrite_item(item, types);
            }
        }
        Item::Function(f) => {
            if let Some(body) = &mut f.body {
                block(body, types);
            }
        }
        Item::Variables(decl) => {
            for d in &mut decl.declarators {
                if let Some(init) = &mut d.init {
                    expr(init, types);
                }
            }
        }
        Item::Struct(_) | Item::Technique(_) | Item::Error(..) => {}
    }
}

fn block(b: &mut Block, types: &HashMap<TextRange, Type>) {
    for s in &mut b.statements {
        stmt(s, types);
    }
}

fn stmt(s: &mut Stmt, types: &HashMap<TextRange, Type>) {
    match &mut s.kind {
        StmtKind::Block(b) => block(b, types),
        StmtKind::Expr(e) | StmtKind::Return(Some(e)) => expr(e, types),
        StmtKind::Decl(decl) => {
            for d in &mut decl.declarators {
                if let Some(init) = &mut d.init {
                    expr(init, types);
                }
            }
        }
        StmtKind::If {
            cond,
            then,
            otherwise,
        } => {
            expr(cond, types);
            stmt(then, types);
            if let Some(o) = otherwise {
                stmt(o, types);
            }
        }
        StmtKind::Switch { selector, cases } => {
            expr(selector, types);
            for case in cases {
                for s in &mut case.body {
                    stmt(s, types);
                }
            }
        }
        StmtKind::For {
            init,
            cond,
            step,
            body,
        } => {
            if let Some(i) = init {
                stmt(i, types);
            }
            for e in [cond, step].into_iter().flatten() {
                expr(e, types);
            }
            stmt(body, types);
        }
        StmtKind::While { cond, body } | StmtKind::DoWhile { body, cond } => {
            expr(cond, types);
            stmt(body, types);
        }
        StmtKind::Return(None)
        | StmtKind::Break
        | StmtKind::Continue
        | StmtKind::Discard
        | StmtKind::Empty
        | StmtKind::Error(_)
        | StmtKind::Unfinished(_) => {}
    }
}

fn expr(e: &mut Expr, types: &HashMap<TextRange, Type>) {
    match &mut e.kind {
        ExprKind::Unary { op, operand } => {
            if matches!(op, UnaryOp::PreIncrement | UnaryOp::PreDecrement) {
                place(operand, types);
            }
            expr(operand, types);
        }
        ExprKind::Postfix {
            op: PostfixOp::Increment | PostfixOp::Decrement,
            operand,
        } => {
            place(operand, types);
            expr(operand, types);
        }
        ExprKind::Assign { target, value, .. } => {
            place(target, types);
            expr(target, types);
            expr(value, types);
        }
        ExprKind::Call { args, .. } => {
            for a in args {
                place(a, types);
                expr(a, types);
            }
        }
        ExprKind::Binary { lhs, rhs, .. } => {
            expr(lhs, types);
            expr(rhs, types);
        }
        ExprKind::Ternary {
            cond,
            then,
            otherwise,
        } => {
            expr(cond, types);
            expr(then, types);
            expr(otherwise, types);
        }
        ExprKind::Cast { operand, .. } => expr(operand, types),
        ExprKind::Construct { args, .. } | ExprKind::Sequence(args) | ExprKind::InitList(args) => {
            for a in args {
                expr(a, types);
            }
        }
        ExprKind::Member { base, .. } => expr(base, types),
        ExprKind::Index { base, index } => {
            expr(base, types);
            expr(index, types);
        }
        ExprKind::Literal(_) | ExprKind::Name(_) | ExprKind::Error => {}
    }
}

/// Replaces the casts that are places along `e`'s chain of members and indices.
fn place(e: &mut Expr, types: &HashMap<TextRange, Type>) {
    match &mut e.kind {
        ExprKind::Member { base, .. } | ExprKind::Index { base, .. } => place(base, types),
        _ => {
            let Some(operand) = cast_operand(e) else {
                return;
            };
            let (Some(from), Some(to)) = (types.get(&operand.range), types.get(&e.range)) else {
                return;
            };
            let Some(swizzle) = cast_place(from, to) else {
                return;
            };
            let range = e.range;
            let operand = match std::mem::replace(&mut e.kind, ExprKind::Error) {
                ExprKind::Cast { operand, .. } | ExprKind::Unary { operand, .. } => *operand,
                ExprKind::Construct { mut args, .. } => args.remove(0),
                _ => return,
            };
            *e = if swizzle.is_empty() {
                operand
            } else {
                Expr {
                    kind: ExprKind::Member {
                        base: Box::new(operand),
                        member: Ident {
                            name: swizzle.into(),
                            range,
                        },
                    },
                    range,
                }
            };
            place(e, types);
        }
    }
}
