//! Constant expressions as ReShade folds them (its `evaluate_constant_expression`), for what
//! must be known when lowering: texture and sampler properties, array sizes, annotations,
//! initial values, case labels, thread group sizes. Each value has its element type: integers
//! divide, shift and wrap as 32-bit integers (`BUFFER_WIDTH >> 1`, `N / 2 * 3` with an `int`
//! `N`), floats compute in single precision, and operators bring their operands to the wider
//! type first, as ReShade's do. What ReShade does not fold (`?:`, calls) is not constant here
//! either.

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use super::super::ast::*;
use super::super::lexer::Base;
use super::super::types::{int_holds, wider_base};

/// A constant: its element type and its components (integers and booleans held exactly).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Const {
    pub base: Base,
    pub values: Vec<f64>,
}

/// Constants by qualified name: the `static const` values, with the last part of each
/// namespaced name indexed, so that a name which is no constant (most are locals) is known at
/// once without looking through them all.
#[derive(Default)]
pub(crate) struct Consts {
    by_name: HashMap<String, Const>,
    /// `x` for each `ns::x`: the written names a namespaced constant may stand for.
    namespaced_tails: HashSet<String>,
}

impl Consts {
    /// Adds (or replaces) the constant `qualified`.
    pub fn insert(&mut self, qualified: String, value: Const) {
        if let Some((_, tail)) = qualified.rsplit_once("::") {
            self.namespaced_tails.insert(tail.to_string());
        }
        self.by_name.insert(qualified, value);
    }
}

impl<const N: usize> From<[(String, Const); N]> for Consts {
    fn from(list: [(String, Const); N]) -> Self {
        let mut consts = Self::default();
        for (name, value) in list {
            consts.insert(name, value);
        }
        consts
    }
}

/// The constant a written name means: the exact qualified name, else the longest one ending in
/// `::name` (a name written inside a namespace).
pub(crate) fn lookup_const<'c>(consts: &'c Consts, written: &str) -> Option<&'c Const> {
    if let Some(exact) = consts.by_name.get(written) {
        return Some(exact);
    }
    let tail = written.rsplit_once("::").map_or(written, |(_, tail)| tail);
    if !consts.namespaced_tails.contains(tail) {
        return None;
    }
    consts
        .by_name
        .iter()
        .filter(|(q, _)| {
            q.len() > written.len() + 1
                && q.ends_with(written)
                && q[..q.len() - written.len()].ends_with("::")
        })
        .max_by_key(|(q, _)| q.len())
        .map(|(_, v)| v)
}

/// A constant scalar (see [`const_values`]).
pub(crate) fn const_scalar(e: &Expr, consts: &Consts) -> Option<f64> {
    match const_values(e, consts)?.as_slice() {
        [v] => Some(*v),
        _ => None,
    }
}

/// The flattened constant components of `e` (see [`eval`]).
pub(crate) fn const_values(e: &Expr, consts: &Consts) -> Option<Vec<f64>> {
    eval(e, consts).map(|c| c.values)
}

/// The flattened components of `e` as ReShade stores a value it keeps as data (an annotation's
/// value, a uniform's initial value): [`const_values`], with the infinities and NaNs its folding
/// gives (`1e99999 - 1.0`) kept, where code must not fold to them (WGSL holds them in no
/// constant).
pub(crate) fn data_values(e: &Expr, consts: &Consts) -> Option<Vec<f64>> {
    eval_in(e, consts, Fold::Data).map(|c| c.values)
}

/// The value of scalar `e` converted to `int` as ReShade converts a property's value: its
/// folded value (infinities included, [`data_values`]) through [`convert`].
pub(crate) fn data_int(e: &Expr, consts: &Consts) -> Option<i64> {
    let c = eval_in(e, consts, Fold::Data)?;
    match c.values.as_slice() {
        [v] => Some(convert(c.base, Base::Int, *v) as i64),
        _ => None,
    }
}

/// How far [`eval_in`] folds.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Fold {
    /// As ReShade folds code, to finite values only.
    Code,
    /// As naga folds the WGSL the code becomes: also a `?:` of constants.
    Wgsl,
    /// As ReShade folds a value it stores: infinities and NaNs too.
    Data,
}

/// `v` held as a `base` value: integers truncate toward zero and wrap to 32 bits (a float
/// becomes an `int` first, as ReShade's cast does), floats round to single precision, booleans
/// are 0 or 1.
pub(crate) fn as_base(base: Base, v: f64) -> f64 {
    match base {
        Base::Float => f64::from(v as f32),
        Base::Int => f64::from(v.trunc() as i64 as i32),
        Base::Uint => f64::from(v.trunc() as i64 as u32),
        Base::Bool => f64::from(u8::from(v != 0.0)),
    }
}

/// The 32 bits of an integer value, as ReShade's `as_uint` reads them.
fn bits(v: f64) -> u32 {
    v as i64 as u32
}

/// The value of the 32 bits `b` as a `base` value.
fn from_bits(base: Base, b: u32) -> f64 {
    match base {
        Base::Int => f64::from(b as i32),
        _ => f64::from(b),
    }
}

/// `v`, a `from` value, converted to `to` as ReShade folds a conversion on the x86 it runs on:
/// a float no `int` holds (an infinity, a NaN, past 2^31) becomes the "integer indefinite", the
/// smallest `int`, and a `uint` goes through that `int` (`(uint)3e9` is 0x80000000), as the
/// lowering writes such a conversion (`Emitter::reshade_constant_cast`); otherwise
/// [`as_base`].
fn convert(from: Base, to: Base, v: f64) -> f64 {
    match (from, to) {
        (Base::Float, Base::Int | Base::Uint) if !int_holds(v) => as_base(to, f64::from(i32::MIN)),
        _ => as_base(to, v),
    }
}

/// `c` converted to `base` and, when it is a scalar and `n` is more, splatted to `n` components
/// (or cut to its first `n`).
fn reshape(c: Const, base: Base, n: usize) -> Const {
    let mut values: Vec<f64> = c.values.iter().map(|v| convert(c.base, base, *v)).collect();
    if values.len() == 1 && n > 1 {
        values = vec![values[0]; n];
    }
    values.truncate(n.max(1));
    Const { base, values }
}

/// The constant value of `e`: literals, `static const` values, constructors, initialiser
/// lists, casts, swizzles, unary and binary operators (scalars broadcast).
pub(crate) fn eval(e: &Expr, consts: &Consts) -> Option<Const> {
    eval_in(e, consts, Fold::Code)
}

/// The value naga's constant evaluator gives `e` in the WGSL it is lowered to: [`eval`]'s, and
/// also that of a `?:` of constants, which ReShade never folds but WGSL's `select` does (a
/// divisor that only naga finds zero must go to run time too).
pub(crate) fn wgsl_eval(e: &Expr, consts: &Consts) -> Option<Const> {
    eval_in(e, consts, Fold::Wgsl)
}

fn eval_in(e: &Expr, consts: &Consts, fold: Fold) -> Option<Const> {
    let one = |base, v| {
        Some(Const {
            base,
            values: vec![as_base(base, v)],
        })
    };
    match &e.kind {
        ExprKind::Literal(Literal::Int(v)) => one(Base::Int, f64::from(*v as i32)),
        ExprKind::Literal(Literal::Uint(v)) => one(Base::Uint, f64::from(*v)),
        ExprKind::Literal(Literal::Float(v)) => one(Base::Float, *v),
        ExprKind::Literal(Literal::Bool(b)) => one(Base::Bool, f64::from(u8::from(*b))),
        ExprKind::Name(p) => lookup_const(consts, &p.joined()).cloned(),
        ExprKind::Construct { ty, args } => {
            let TypeKind::Numeric { base, rows, cols } = ty.kind else {
                return None;
            };
            let mut values = Vec::new();
            for a in args {
                let c = eval_in(a, consts, fold)?;
                values.extend(c.values.iter().map(|v| convert(c.base, base, *v)));
            }
            let n = usize::from(rows) * usize::from(cols);
            Some(reshape(Const { base, values }, base, n))
        }
        ExprKind::InitList(args) => {
            let mut base = None;
            let mut values = Vec::new();
            for a in args {
                let c = eval_in(a, consts, fold)?;
                base = Some(base.map_or(c.base, |b| wider_base(b, c.base)));
                values.extend(c.values);
            }
            let base = base?;
            values.iter_mut().for_each(|v| *v = as_base(base, *v));
            Some(Const { base, values })
        }
        ExprKind::Member { base, member } => {
            let c = eval_in(base, consts, fold)?;
            let values = member
                .name
                .chars()
                .map(|ch| {
                    let i = match ch {
                        'x' | 'r' => 0,
                        'y' | 'g' => 1,
                        'z' | 'b' => 2,
                        'w' | 'a' => 3,
                        _ => return None,
                    };
                    c.values.get(i).copied()
                })
                .collect::<Option<Vec<f64>>>()?;
            Some(Const {
                base: c.base,
                values,
            })
        }
        ExprKind::Unary { op, operand } => unary(*op, eval_in(operand, consts, fold)?),
        // ReShade's comma operator gives its last part's value, a constant when that part is
        // (`uniform float3 C = (0.2, 0.3, 0.4);` starts at 0.4); the parts before are folded
        // away here only when dropping them loses nothing.
        ExprKind::Sequence(items) => eval_in(sequence_value(items)?, consts, fold),
        ExprKind::Cast { ty, operand } => {
            let TypeKind::Numeric { base, rows, cols } = ty.kind else {
                return None;
            };
            let c = match eval_in(operand, consts, fold) {
                Some(c) => c,
                // A float scalar no `int` holds (`(int)(1.0 / 0.0)`, which folds to no finite
                // value) is written as the smallest `int` when cast to an integer or a bool
                // (`Emitter::reshade_constant_cast`): a constant in the WGSL all the same.
                None if fold != Fold::Data && base != Base::Float => {
                    let c = eval_in(operand, consts, Fold::Data)?;
                    let single = c.values.len() == 1 && c.base == Base::Float;
                    (single && !int_holds(c.values[0])).then_some(c)?
                }
                None => return None,
            };
            let n = usize::from(rows) * usize::from(cols);
            Some(reshape(c, base, n))
        }
        ExprKind::Binary { op, lhs, rhs } => binary(
            *op,
            eval_in(lhs, consts, fold)?,
            eval_in(rhs, consts, fold)?,
            fold != Fold::Data,
        ),
        // WGSL folds the `select` a `?:` becomes when its three operands are constant.
        ExprKind::Ternary {
            cond,
            then,
            otherwise,
        } if fold == Fold::Wgsl => {
            let (c, a, b) = (
                eval_in(cond, consts, fold)?,
                eval_in(then, consts, fold)?,
                eval_in(otherwise, consts, fold)?,
            );
            if c.values.is_empty() || a.values.is_empty() || b.values.is_empty() {
                return None;
            }
            let base = wider_base(a.base, b.base);
            let n = c.values.len().max(a.values.len()).max(b.values.len());
            // A scalar broadcasts; a vector condition picks component by component.
            let at = |v: &[f64], i: usize| v[i.min(v.len() - 1)];
            let values = (0..n)
                .map(|i| {
                    let v = if at(&c.values, i) != 0.0 {
                        at(&a.values, i)
                    } else {
                        at(&b.values, i)
                    };
                    as_base(base, v)
                })
                .collect();
            Some(Const { base, values })
        }
        _ => None,
    }
}

/// The part of comma sequence `items` that gives its value, the last, when the parts before
/// it may go unevaluated (they write nothing and call no user function), so that the sequence
/// may be folded to it.
pub(crate) fn sequence_value(items: &[Expr]) -> Option<&Expr> {
    let (last, before) = items.split_last()?;
    before
        .iter()
        .all(|e| !super::exprs::writes_with(e, &|_| true))
        .then_some(last)
}

/// Whether integer divisor `e` may be a constant with a zero component in naga's eyes: its
/// value by [`wgsl_eval`] has one (truncated: a float divisor such as `0.5` becomes an integer
/// zero), or it has no value here but is built of constants alone
/// (an intrinsic of constants, `uint2(lerp(3.8, 1.5, 1.9), 0 / 1)`), which naga's constant
/// evaluator may fold further than [`wgsl_eval`] does. Such a divisor goes to run time, as
/// ReShade leaves it (WGSL rejects a constant zero divisor).
pub(crate) fn may_be_constant_zero(e: &Expr, consts: &Consts) -> bool {
    match wgsl_eval(e, consts) {
        Some(c) => c.values.iter().any(|v| v.trunc() == 0.0),
        None => built_of_constants(e, consts) || zero_part(e, consts),
    }
}

/// Whether `e` builds a vector of parts one of which is a constant with a zero in it: naga's
/// validator finds that literal zero inside the composition and rejects the division
/// (`v % int4(v.y, int3(0, 6, 5))`), where ReShade leaves the lane to the GPU.
fn zero_part(e: &Expr, consts: &Consts) -> bool {
    match &e.kind {
        ExprKind::Construct { args, .. } => args.iter().any(|a| may_be_constant_zero(a, consts)),
        _ => false,
    }
}

/// Whether `e` reads nothing but literals and constants (calls included: of constants only).
fn built_of_constants(e: &Expr, consts: &Consts) -> bool {
    match &e.kind {
        ExprKind::Literal(_) => true,
        ExprKind::Name(p) => lookup_const(consts, &p.joined()).is_some(),
        ExprKind::Unary {
            op: UnaryOp::PreIncrement | UnaryOp::PreDecrement,
            ..
        } => false,
        ExprKind::Unary { operand, .. }
        | ExprKind::Cast { operand, .. }
        | ExprKind::Member { base: operand, .. } => built_of_constants(operand, consts),
        ExprKind::Binary { lhs, rhs, .. } => {
            built_of_constants(lhs, consts) && built_of_constants(rhs, consts)
        }
        ExprKind::Ternary {
            cond,
            then,
            otherwise,
        } => [cond, then, otherwise]
            .iter()
            .all(|x| built_of_constants(x, consts)),
        ExprKind::Construct { args, .. }
        | ExprKind::InitList(args)
        | ExprKind::Call { args, .. } => args.iter().all(|a| built_of_constants(a, consts)),
        _ => false,
    }
}

/// Whether `a << b` of two constants (as [`wgsl_eval`] gives them), computed in `base` (`Int` or `Uint`) with the amount
/// taken modulo 32 as the lowering takes it, overflows in some component by WGSL's rule, which
/// naga's constant evaluator applies (a signed value's bits shifted out must all equal its sign,
/// an unsigned value's must be 0): ReShade folds it by wrapping, so it is computed at run time.
pub(crate) fn shift_overflows(a: &Const, b: &Const, base: Base) -> bool {
    if a.values.is_empty() || b.values.is_empty() {
        return false;
    }
    let n = a.values.len().max(b.values.len());
    let at = |c: &Const, i: usize| c.values[i.min(c.values.len() - 1)];
    (0..n).any(|i| {
        let amount = bits(at(b, i)) % 32;
        let v = bits(at(a, i));
        match base {
            Base::Int => {
                let v = v as i32;
                (if v < 0 { !v } else { v }).leading_zeros() <= amount
            }
            _ => v.checked_mul(1 << amount).is_none(),
        }
    })
}

/// Whether float arithmetic `a op b` of two constants gives an infinity or a NaN in some
/// component (`1.0 / 0.0`, `x % 0.0`, an overflow): ReShade folds it to that value, which WGSL
/// forbids a constant expression to hold (operands as naga folds them, [`wgsl_eval`]: `?:` of
/// constants too).
pub(crate) fn folds_to_non_finite(op: BinaryOp, a: &Const, b: &Const) -> bool {
    use BinaryOp::*;
    if !matches!(op, Add | Subtract | Multiply | Divide | Modulo) {
        return false;
    }
    if wider_base(a.base, b.base) != Base::Float {
        return false;
    }
    let n = a.values.len().max(b.values.len());
    if a.values.is_empty() || b.values.is_empty() {
        return false;
    }
    // A scalar broadcasts; naga computes in single precision.
    let at = |c: &Const, i: usize| c.values[i.min(c.values.len() - 1)] as f32;
    (0..n).any(|i| {
        let (x, y) = (at(a, i), at(b, i));
        let v = match op {
            Add => x + y,
            Subtract => x - y,
            Multiply => x * y,
            Divide => x / y,
            _ => x % y,
        };
        !v.is_finite()
    })
}

/// Whether some operator in constant expression `e` folds to a value WGSL holds in no constant:
/// an infinity or a NaN (see [`folds_to_non_finite`]) or a `<<` that overflows (see
/// [`shift_overflows`]).
pub(crate) fn holds_unfoldable(e: &Expr, consts: &Consts) -> bool {
    match &e.kind {
        ExprKind::Binary { op, lhs, rhs } => {
            let here = wgsl_eval(rhs, consts)
                .and_then(|b| Some((wgsl_eval(lhs, consts)?, b)))
                .is_some_and(|(a, b)| {
                    folds_to_non_finite(*op, &a, &b)
                        || (*op == BinaryOp::ShiftLeft
                            && binary(*op, a.clone(), b.clone(), true)
                                .is_some_and(|c| shift_overflows(&a, &b, c.base)))
                });
            here || holds_unfoldable(lhs, consts) || holds_unfoldable(rhs, consts)
        }
        ExprKind::Unary { operand, .. }
        | ExprKind::Cast { operand, .. }
        | ExprKind::Member { base: operand, .. } => holds_unfoldable(operand, consts),
        ExprKind::Construct { args, .. } | ExprKind::InitList(args) => {
            args.iter().any(|a| holds_unfoldable(a, consts))
        }
        _ => false,
    }
}

fn unary(op: UnaryOp, c: Const) -> Option<Const> {
    let base = c.base;
    let map = |f: &dyn Fn(f64) -> f64, base: Base| Const {
        base,
        values: c.values.iter().map(|v| as_base(base, f(*v))).collect(),
    };
    match op {
        UnaryOp::Plus => Some(c.clone()),
        UnaryOp::Negate if base == Base::Bool => Some(map(&|v| -v, Base::Int)),
        UnaryOp::Negate => Some(map(&|v| -v, base)),
        UnaryOp::Not => Some(map(&|v| f64::from(u8::from(v == 0.0)), Base::Bool)),
        UnaryOp::BitNot if matches!(base, Base::Int | Base::Uint) => {
            Some(map(&|v| from_bits(base, !bits(v)), base))
        }
        _ => None,
    }
}

fn binary(op: BinaryOp, a: Const, b: Const, finite: bool) -> Option<Const> {
    use BinaryOp::*;
    let n = a.values.len().max(b.values.len());
    if a.values.len() != n && a.values.len() != 1 || b.values.len() != n && b.values.len() != 1 {
        return None;
    }
    // Arithmetic on booleans is integer arithmetic.
    let merged = match wider_base(a.base, b.base) {
        Base::Bool if !matches!(op, Or | And | Equal | NotEqual) => Base::Int,
        other => other,
    };
    let integer = matches!(merged, Base::Int | Base::Uint);
    let result = match op {
        Equal | NotEqual | Less | Greater | LessEqual | GreaterEqual | Or | And => Base::Bool,
        _ => merged,
    };
    if matches!(op, BitOr | BitXor | BitAnd | ShiftLeft | ShiftRight) && !integer {
        return None;
    }
    let at =
        |c: &Const, i: usize| as_base(merged, c.values[if c.values.len() == 1 { 0 } else { i }]);
    let mut values = Vec::with_capacity(n);
    for i in 0..n {
        let (x, y) = (at(&a, i), at(&b, i));
        let v = match op {
            Add => x + y,
            Subtract => x - y,
            Multiply if integer => from_bits(merged, bits(x).wrapping_mul(bits(y))),
            Multiply => x * y,
            // Integer division and modulo by zero are not folded (ReShade leaves them).
            Divide | Modulo if integer && y == 0.0 => return None,
            Divide if integer => (x / y).trunc(),
            Divide => x / y,
            Modulo => x % y,
            BitAnd => from_bits(merged, bits(x) & bits(y)),
            BitOr => from_bits(merged, bits(x) | bits(y)),
            BitXor => from_bits(merged, bits(x) ^ bits(y)),
            ShiftLeft => from_bits(merged, bits(x).wrapping_shl(bits(y))),
            ShiftRight if merged == Base::Int => f64::from((x as i32).wrapping_shr(bits(y))),
            ShiftRight => f64::from(bits(x).wrapping_shr(bits(y))),
            Less => f64::from(u8::from(x < y)),
            Greater => f64::from(u8::from(x > y)),
            LessEqual => f64::from(u8::from(x <= y)),
            GreaterEqual => f64::from(u8::from(x >= y)),
            Equal => f64::from(u8::from(x == y)),
            NotEqual => f64::from(u8::from(x != y)),
            And => f64::from(u8::from(x != 0.0 && y != 0.0)),
            Or => f64::from(u8::from(x != 0.0 || y != 0.0)),
        };
        if finite && !v.is_finite() {
            return None;
        }
        values.push(as_base(result, v));
    }
    Some(Const {
        base: result,
        values,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fx::parser;

    /// The value of the constant expression `text`, with `static const int N = 7;` and
    /// `static const float F = 2.5;` known.
    fn value(text: &str) -> Option<Const> {
        let init = initialiser("int", text);
        let consts = Consts::from([
            (
                "N".to_string(),
                Const {
                    base: Base::Int,
                    values: vec![7.0],
                },
            ),
            (
                "F".to_string(),
                Const {
                    base: Base::Float,
                    values: vec![2.5],
                },
            ),
        ]);
        eval(&init, &consts)
    }

    /// The initialiser of `static const TYPE x = TEXT;`, parsed.
    fn initialiser(ty: &str, text: &str) -> Expr {
        let source = format!("static const {ty} x = {text};");
        let parsed = parser::parse(&source);
        assert!(parsed.errors.is_empty(), "{text}: {:?}", parsed.errors);
        let Some(Item::Variables(v)) = parsed.module.items.first() else {
            panic!("{text}: not a declaration");
        };
        v.declarators[0].init.clone().expect("an initialiser")
    }

    /// Whether the constant expression `text` holds an operator folding to an infinity or a
    /// NaN (no constants known).
    fn non_finite(text: &str) -> bool {
        holds_unfoldable(&initialiser("float", text), &Consts::default())
    }

    #[test]
    fn float_operators_folding_to_infinities_and_nans_are_found() {
        assert!(non_finite("1.0 / 0.0"));
        assert!(non_finite("-(0.0 / 0.0)"));
        assert!(non_finite("float3(4.6, 0.9, 3.6) % float3(0.1, 0.0, 2.2)"));
        assert!(non_finite("1e38 * 10.0"));
        assert!(non_finite("float2(1.0, 2.0 / 0.0).x"));
        assert!(!non_finite("1.0 / 2.0"));
        assert!(!non_finite("float3(4.6, 0.9, 3.6) % float3(0.1, 0.5, 2.2)"));
        // Integer division by zero is ReShade's to leave to run time, not a float's infinity.
        assert!(!non_finite("1 / 0"));
    }

    fn ints(text: &str) -> Vec<f64> {
        let c = value(text).unwrap_or_else(|| panic!("{text} is not constant"));
        c.values
    }

    #[test]
    fn integers_divide_shift_and_wrap_as_reshade_folds_them() {
        assert_eq!(ints("N / 2 * 3"), [9.0]);
        assert_eq!(ints("F * 3"), [7.5]);
        assert_eq!(ints("(int)(F * 3)"), [7.0]);
        assert_eq!(ints("int2(1280, 720) >> 1"), [640.0, 360.0]);
        assert_eq!(ints("int2(int2(1280, 720) >> 2).y"), [180.0]);
        assert_eq!(ints("-7 / 2"), [-3.0]);
        assert_eq!(ints("-7 % 3"), [-1.0]);
        assert_eq!(ints("-8 >> 1"), [-4.0]);
        assert_eq!(ints("1u - 2u"), [4294967295.0]);
        assert_eq!(ints("(N > 3) * 8"), [8.0]);
        assert_eq!(ints("5 ^ ((3 ^ 5) & -(3 < 5))"), [3.0]);
        assert_eq!(ints("~0"), [-1.0]);
        assert_eq!(ints("!N"), [0.0]);
        assert_eq!(ints("1 << 14"), [16384.0]);
        assert_eq!(ints("N == 7 && F < 3"), [1.0]);
        assert_eq!(value("1 / 0"), None);
        assert_eq!(value("N > 3 ? 8 : 4"), None);
        assert_eq!(value("2.0 >> 1"), None);
    }
}
