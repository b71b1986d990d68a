//! WGSL code for FX expressions: implicit conversions from the checker's types (splats,
//! truncations, base changes), operators (HLSL's component-wise matrix `*` included), swizzles
//! (scalar `x.xxx`, matrix `_m00`/`_11`), the ternary as `select`, and calls of user functions
//! and intrinsics.
//! Intrinsics are in `intrinsics.rs`, texture intrinsics in `textures.rs`.

use super::super::ast::*;
use super::super::lexer::Base;
use super::super::types::{Type, int_holds, wider_base};
use super::emit::{Emitter, ParamKind};
use super::items::Global;
use super::matrices::is_row_array;
use super::names::{self, float_literal, int_literal, numeric, scalar};
use super::parens::{is_primary, postfixed};
use super::{Result, unsupported};

const LANES: [&str; 4] = ["x", "y", "z", "w"];

pub(super) fn shape(ty: &Type) -> Option<(Base, u8, u8)> {
    ty.numeric()
}

impl<'m> Emitter<'m> {
    /// The checker's type of `e`.
    pub fn ty(&self, e: &Expr) -> &'m Type {
        static ERROR: Type = Type::Error;
        self.facts.types.get(&e.range).unwrap_or(&ERROR)
    }

    /// `e` converted to `to`.
    pub fn expr_as(&mut self, e: &Expr, to: &Type) -> Result<String> {
        if let Some(code) = self.literal_as(e, to) {
            return Ok(code);
        }
        let code = self.expr(e)?;
        let from = self.ty(e);
        if let Some((code, from)) = self.reshade_constant_cast(&code, e, from, to) {
            return self.convert(code, &from, to, e.range);
        }
        self.convert(code, from, to, e.range)
    }

    /// A constant converted as ReShade's front end folds it (`add_cast_operation`): a float
    /// goes to a bool or a `uint` through an `int` (truncated, so `(bool)0.7` is false and
    /// `(uint)-1.5` is 0xFFFFFFFF), and a `uint` goes to a float as an `int` (`(float)~4u` is
    /// -5). Every ReShade back end gets the folded value, so its shaders compute these; code
    /// that runs converts as HLSL does. `code` becomes the `int` value the conversion starts
    /// from; `None` where nothing differs.
    fn reshade_constant_cast(
        &mut self,
        code: &str,
        e: &Expr,
        from: &Type,
        to: &Type,
    ) -> Option<(String, Type)> {
        let ((fb, fr, 1), Some((tb, _, 1))) = (shape(from)?, shape(to)) else {
            return None;
        };
        // A float constant no `int` holds (an infinity, a NaN, past 2^31) becomes the `int`
        // ReShade's folding gives it on the x86 it runs on, the "integer indefinite" (the
        // smallest `int`), where naga would saturate it; made a `uint` or a `bool`, it goes
        // through that `int` too (`(uint)3e9` is 0x80000000, `(bool)NaN` true).
        if fb == Base::Float
            && fr == 1
            && matches!(tb, Base::Int | Base::Uint | Base::Bool)
            && self.is_constant(e)
        {
            // As ReShade folds it: `1.0 / 0.0` is an infinity, so `(uint)(1.0 / 0.0)` too.
            let value = super::consts::data_values(e, &self.lowered.consts)
                .and_then(|values| values.first().copied());
            if value.is_some_and(|v| !int_holds(v)) {
                return Some((int_literal(i32::MIN), Type::INT));
            }
        }
        let through_int = matches!(
            (fb, tb),
            (Base::Float, Base::Bool | Base::Uint) | (Base::Uint, Base::Float)
        );
        if !through_int || !self.is_constant(e) {
            return None;
        }
        let int = names::numeric(Base::Int, fr, 1)?;
        let code = if fb == Base::Uint {
            format!("bitcast<{int}>({code})")
        } else {
            format!("{int}({code})")
        };
        Some((code, from.with_base(Base::Int)))
    }

    /// A numeric literal met where another numeric scalar or vector type is wanted, written
    /// as the literal it converts to (`2` as a `float` is `2.0f`, not `f32(2i)`; as a `uint`
    /// `2u`; `vec3f(1.0f)` for a splat): the value naga's constant evaluation gives the
    /// conversion, in less text to parse and fewer expressions to evaluate. Integers convert
    /// exactly here (a float is rounded once, to nearest); a float to an integer is left to
    /// naga. Not for a literal held to run time or pinned (`order.rs`).
    fn literal_as(&self, e: &Expr, to: &Type) -> Option<String> {
        // A negated literal (`-3`) is folded as ReShade folds it, to a float only: an integer
        // keeps its negation, which naga folds with WGSL's wrapping rules.
        let (literal, negated) = match &e.kind {
            ExprKind::Literal(literal) => (literal, false),
            ExprKind::Unary {
                op: UnaryOp::Negate,
                operand,
            } => match &operand.kind {
                ExprKind::Literal(literal) if !self.is_pinned(operand) => (literal, true),
                _ => return None,
            },
            _ => return None,
        };
        let (base, rows, cols) = shape(to)?;
        if cols != 1 || self.run_time.contains(&e.range) || self.is_pinned(e) {
            return None;
        }
        // An integer is negated as an integer (`-0` is zero, not a float's -0.0); a negated
        // `uint` wraps, so it is left to naga.
        let integer = match *literal {
            Literal::Int(v) if v <= i32::MAX as u32 => Some(i64::from(v)),
            // ReShade converts a `uint` constant to a float as an `int`.
            Literal::Uint(v) if !negated && base == Base::Float => Some(i64::from(v as i32)),
            Literal::Uint(v) if !negated => Some(i64::from(v)),
            _ => None,
        }
        .map(|v| if negated { -v } else { v });
        let scalar = match (base, integer, literal) {
            (Base::Float, Some(v), _) => float_literal(v as f64),
            (Base::Float, None, Literal::Float(v)) if rows > 1 || negated => {
                float_literal(if negated { -*v } else { *v })
            }
            (Base::Uint, Some(v), _) if v >= 0 => v.to_string() + "u",
            (Base::Int, Some(v), _) if (0..=i64::from(i32::MAX)).contains(&v) => format!("{v}i"),
            _ => return None,
        };
        Some(match rows {
            // In parentheses, as `expr` writes a negation: `-` before it stays an operator.
            1 if negated => format!("({scalar})"),
            1 => scalar,
            n => format!("{}({scalar})", names::vector(base, n)),
        })
    }

    /// Converts `code` of type `from` to `to`: base changes, scalar splats, truncations.
    pub fn convert(
        &mut self,
        code: String,
        from: &Type,
        to: &Type,
        range: TextRange,
    ) -> Result<String> {
        if from == to {
            return Ok(code);
        }
        if let (Type::Struct(a, _), Type::Struct(b, _)) = (from, to)
            && a == b
        {
            return Ok(code);
        }
        // An array the checker reads as its first element (`Checker::array_operand`).
        if let (Type::Array(element, _), false) = (from, matches!(to, Type::Array(..))) {
            return self.convert(format!("({code})[0]"), element, to, range);
        }
        let (Some((fb, fr, fc)), Some((tb, tr, tc))) = (shape(from), shape(to)) else {
            return unsupported(
                range,
                format!(
                    "conversion from '{}' to '{}' not supported",
                    from.name(),
                    to.name()
                ),
            );
        };
        let target = match numeric(tb, tr, tc) {
            Some(t) => t,
            None => return unsupported(range, format!("'{}' : type not supported yet", to.name())),
        };
        let s = scalar(tb);
        match (fr, fc, tr, tc) {
            (1, 1, 1, 1) => Ok([s, "(", &code, ")"].concat()),
            (1, 1, _, 1) if fb == tb => Ok([&target, "(", &code, ")"].concat()),
            (1, 1, _, 1) => Ok([&target, "(", s, "(", &code, "))"].concat()),
            (1, 1, _, _) if tb != Base::Float => {
                self.matrix_splat(format!("{s}({code})"), (tb, tr, tc), range)
            }
            (1, 1, _, _) => {
                let parts = vec![format!("f32({code})"); usize::from(tr * tc)];
                Ok(format!("{target}({})", parts.join(", ")))
            }
            // A narrower vector widened as ReShade's cast does (an assignment, an `out` value,
            // a `?:` condition): its last component repeated (`float2` to `float3` is `.xyy`).
            (_, 1, _, 1) if tr > fr => {
                let last = usize::from(fr - 1);
                let lanes: String = (0..usize::from(tr)).map(|i| LANES[i.min(last)]).collect();
                let widened = postfixed(&code, &[".", &lanes].concat());
                Ok([&target, "(", &widened, ")"].concat())
            }
            (_, 1, _, 1) if tr <= fr => {
                let truncated = if tr == fr {
                    code
                } else if tr == 1 {
                    postfixed(&code, ".x")
                } else {
                    postfixed(&code, &[".", &LANES[..usize::from(tr)].concat()].concat())
                };
                if fb == tb {
                    Ok(truncated)
                } else {
                    Ok(format!("{target}({truncated})"))
                }
            }
            (2.., 1, _, 1) => {
                // Longer than the vector (an assignment, the one place ReShade widens): its
                // last component repeated, as ReShade's promotion swizzle does.
                let last = LANES[usize::from(fr) - 1];
                let lanes: String = (0..usize::from(tr))
                    .map(|k| {
                        LANES
                            .get(k)
                            .filter(|_| k < usize::from(fr))
                            .unwrap_or(&last)
                    })
                    .copied()
                    .collect();
                let widened = postfixed(&code, &[".", &lanes].concat());
                if fb == tb {
                    Ok(widened)
                } else {
                    Ok(format!("{target}({widened})"))
                }
            }
            (_, 2.., _, 1) if u16::from(tr) <= u16::from(fr) * u16::from(fc) => {
                // A matrix met by a vector under an operator: its first components in
                // row-major order (HLSL's flattening), as ReShade's `(float3)m` gives them.
                let parts: Vec<String> = (0..tr)
                    .map(|k| {
                        let cell = postfixed(&code, &format!("[{}][{}]", k / fc, k % fc));
                        if fb == tb {
                            cell
                        } else {
                            format!("{s}({cell})")
                        }
                    })
                    .collect();
                match parts.as_slice() {
                    [one] => Ok(one.clone()),
                    _ => Ok(format!("{target}({})", parts.join(", "))),
                }
            }
            (_, 2.., _, 2..)
                if tr <= fr && tc <= fc && (fb != Base::Float || tb != Base::Float) =>
            {
                self.matrix_convert(code, (fb, fr, fc), (tb, tr, tc), range)
            }
            (_, 2.., _, 2..) if tr <= fr && tc <= fc && fb == tb => {
                let rows: Vec<String> = (0..tr)
                    .map(|r| {
                        let row = postfixed(&code, &format!("[{r}]"));
                        if tc == fc {
                            row
                        } else {
                            format!("{row}.{}", LANES[..usize::from(tc)].concat())
                        }
                    })
                    .collect();
                Ok(format!("{target}({})", rows.join(", ")))
            }
            _ => unsupported(
                range,
                format!(
                    "conversion from '{}' to '{}' not supported yet",
                    from.name(),
                    to.name()
                ),
            ),
        }
    }

    /// `code` (of type `t`) passed through an identity function, which naga never evaluates as
    /// a constant: what ReShade leaves to run time stays there.
    pub(super) fn at_run_time(
        &mut self,
        code: String,
        t: &Type,
        range: TextRange,
    ) -> Result<String> {
        let wt = self.wgsl(t, range)?;
        let spelt: String = wt
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
            .collect();
        let name = format!("fx_runtime_{spelt}");
        let helper = self.helper(name, |n| format!("fn {n}(v: {wt}) -> {wt} {{ return v; }}"));
        Ok(format!("{helper}({code})"))
    }

    /// The WGSL value of `e`, of the checker's type; held in a `let` where it stands when a
    /// later operand's side effects would change it (`order.rs`), and passed through
    /// [`Self::at_run_time`] when a built-in call of constants takes it first.
    pub fn expr(&mut self, e: &Expr) -> Result<String> {
        self.mark_operands(e);
        let mut code = self.expr_kind(e)?;
        if self.run_time.remove(&e.range) {
            code = self.at_run_time(code, self.ty(e), e.range)?;
        }
        if self.is_pinned(e) {
            return self.pin(code, self.ty(e), e.range);
        }
        Ok(code)
    }

    fn expr_kind(&mut self, e: &Expr) -> Result<String> {
        match &e.kind {
            ExprKind::Literal(l) => Ok(match l {
                Literal::Bool(b) => b.to_string(),
                Literal::Int(v) if *v <= i32::MAX as u32 => v.to_string() + "i",
                // Past `i32::MAX` ReShade keeps the literal's low 32 bits as an `int`: written
                // as that negative value, which a constant expression can hold (`bitcast` is no
                // constant expression in naga, so a module-scope constant could not take it).
                Literal::Int(v) => int_literal(*v as i32),
                Literal::Uint(v) => v.to_string() + "u",
                Literal::Float(v) => float_literal(*v),
                Literal::String(_) => return unsupported(e.range, "strings are not values"),
            }),
            ExprKind::Name(_) | ExprKind::Index { .. } if self.is_atomic_place(e) => {
                self.atomic_load(e)
            }
            ExprKind::Name(path) => self.name(path),
            ExprKind::Unary { op, operand } => self.unary(*op, operand, e),
            ExprKind::Postfix { op, operand } => {
                // The old value, kept before the step is written.
                let place = self.side_effect_free_place(operand)?;
                let t = self.snapshot(&place, self.ty(operand), e.range)?;
                let bin = match op {
                    PostfixOp::Increment => BinaryOp::Add,
                    PostfixOp::Decrement => BinaryOp::Subtract,
                };
                self.step(bin, operand, e.range)?;
                Ok(t)
            }
            ExprKind::Assign { op, target, value } => {
                let place = self.side_effect_free_place(target)?;
                self.assign(*op, target, value, e.range)?;
                // The value stored, as ReShade yields it: later writes to the place (the other
                // arm of a `?:`) do not change it.
                self.snapshot(&place, self.ty(target), e.range)
            }
            ExprKind::Binary { op, lhs, rhs } => {
                let (l, mut r) = (self.expr(lhs)?, self.expr(rhs)?);
                let (lt, mut rt, t) = (self.ty(lhs), self.ty(rhs), self.ty(e));
                // An array of vectors or matrices the checker let through is its first element
                // (`Checker::array_operand`).
                let (l, lt) = first_element(l, lt);
                (r, rt) = first_element(r, rt);
                // ReShade leaves an integer division by a constant zero to run time (its folding
                // skips a zero divisor); WGSL rejects it as a constant error, so the divisor
                // goes through a function, which is never constant.
                let integer = t.numeric().is_some_and(|n| n.0 != Base::Float);
                // The operands as naga folds them, the left one only when the right one is
                // constant: each is evaluated once, and a chain of operators is not walked
                // again at each of its operators. (A divisor naga folds through a `?:` of
                // constants counts: ReShade folds none.)
                //
                // Only an operator whose result the checks below may change is evaluated: an
                // integer division or remainder, float arithmetic, an integer `<<`.
                let division = matches!(op, BinaryOp::Divide | BinaryOp::Modulo);
                let arithmetic = division
                    || matches!(op, BinaryOp::Add | BinaryOp::Subtract | BinaryOp::Multiply);
                let evaluated = (division && integer)
                    || (arithmetic && !integer && t.numeric().is_some())
                    || *op == BinaryOp::ShiftLeft;
                let consts = &self.lowered.consts;
                let rhs_value = evaluated
                    .then(|| super::consts::wgsl_eval(rhs, consts))
                    .flatten();
                let zero = division
                    && integer
                    && match &rhs_value {
                        Some(c) => c.values.contains(&0.0),
                        None => super::consts::may_be_constant_zero(rhs, consts),
                    };
                let both =
                    rhs_value.and_then(|b| Some((super::consts::wgsl_eval(lhs, consts)?, b)));
                // ReShade folds float arithmetic of constants to an infinity or a NaN
                // (`1.0 / 0.0`, `x % 0.0`), which WGSL rejects in a constant expression: the
                // right operand goes through a function, so the value is computed at run time.
                let non_finite = !integer
                    && t.numeric().is_some()
                    && both
                        .as_ref()
                        .is_some_and(|(a, b)| super::consts::folds_to_non_finite(*op, a, b));
                // ReShade folds a constant `<<` by wrapping; WGSL rejects one that overflows.
                if *op == BinaryOp::ShiftLeft
                    && let Some((base @ (Base::Int | Base::Uint), _, _)) = t.numeric()
                    && both
                        .as_ref()
                        .is_some_and(|(a, b)| super::consts::shift_overflows(a, b, base))
                {
                    r = self.at_run_time(r, rt, e.range)?;
                }
                if (matches!(op, BinaryOp::Divide | BinaryOp::Modulo) && integer && zero)
                    || non_finite
                {
                    r = self.convert(r, rt, t, e.range)?;
                    rt = t;
                    r = self.at_run_time(r, t, e.range)?;
                }
                self.binary(*op, l, lt, r, rt, t, e.range)
            }
            ExprKind::Ternary {
                cond,
                then,
                otherwise,
            } => {
                let t = self.ty(e);
                if t.is_matrix() {
                    return self.matrix_select(cond, then, otherwise, t, e.range);
                }
                let Some((_, rows, 1)) = shape(t) else {
                    return unsupported(e.range, "'?:' on this type not supported yet");
                };
                let ct = self.ty(cond).array_element();
                let cond_ty = match shape(ct) {
                    Some((_, r, 1)) if r > 1 => Type::vector(Base::Bool, rows),
                    _ => Type::BOOL,
                };
                let c = self.expr_as(cond, &cond_ty)?;
                let a = self.expr_as(then, t)?;
                let b = self.expr_as(otherwise, t)?;
                Ok(["select(", &b, ", ", &a, ", ", &c, ")"].concat())
            }
            ExprKind::Cast { operand, .. } => {
                let t = self.ty(e);
                self.expr_as(operand, t)
            }
            ExprKind::Construct { args, .. } => self.construct(args, e),
            ExprKind::Call { callee, args } => self.call(callee, args, e),
            ExprKind::Member { base, member } => self.member(base, member, e.range),
            ExprKind::Index { .. }
                if self.module_initializer
                    && let Some(element) = self.const_element(e) =>
            {
                self.expr_as(element, self.ty(e))
            }
            ExprKind::Index { base, index } => {
                let b = self.expr(base)?;
                let i = self.index_value(index)?;
                Ok([b.as_str(), "[", &i, "]"].concat())
            }
            ExprKind::Sequence(items) => {
                let Some((last, before)) = items.split_last() else {
                    return unsupported(e.range, "empty sequence");
                };
                // At module scope only the last part's value is kept: the parts before it
                // are constant expressions (`is_constant`), which run nothing.
                if self.module_initializer {
                    return self.expr(last);
                }
                for item in before {
                    self.expr_statement(item)?;
                }
                self.expr(last)
            }
            ExprKind::InitList(_) => unsupported(e.range, "initialiser list not supported here"),
            ExprKind::Error => unsupported(e.range, "expression did not parse"),
        }
    }

    /// An index as WGSL takes it: an integer scalar.
    pub(super) fn index_value(&mut self, index: &Expr) -> Result<String> {
        match shape(self.ty(index)) {
            Some((Base::Int | Base::Uint, 1, 1)) => self.expr(index),
            _ => self.expr_as(index, &Type::INT),
        }
    }

    pub(super) fn name(&mut self, path: &Path) -> Result<String> {
        if let Some(q) = self.facts.globals.get(&path.range) {
            return match self.lowered.globals.get(q) {
                Some(Global::Value(n)) => {
                    if self.statics.contains_key(q) {
                        self.use_static(q);
                        if self.computed_const(q) {
                            return Ok(format!("{n}()"));
                        }
                    }
                    Ok(n.clone())
                }
                _ => unsupported(path.range, format!("'{q}' : an object is not a value")),
            };
        }
        let name = path.joined();
        match self.params.get(&*name) {
            Some(ParamKind::Pointer) => Ok(["(*", &self.local_name(&name), ")"].concat()),
            Some(ParamKind::Sampler) => unsupported(path.range, "a sampler is not a value"),
            Some(ParamKind::Texture) => unsupported(path.range, "a texture is not a value"),
            _ => Ok(self.local_name(&name)),
        }
    }

    /// The place an assignment or step inside an expression writes, read again for the
    /// expression's value. Side effects inside an expression are written as statements before
    /// the statement that holds it, in the order ReShade evaluates them (every operand of `&&`,
    /// `||` and `?:` included: ReShade does not short-circuit), so the place itself must not
    /// have side effects of its own, or reading it again would repeat them.
    pub(super) fn side_effect_free_place(&mut self, target: &Expr) -> Result<String> {
        if has_side_effects(target) {
            return unsupported(
                target.range,
                "an assignment or '++'/'--' whose target has side effects of its own",
            );
        }
        if self.is_atomic_place(target) {
            return self.atomic_load(target);
        }
        self.lvalue(target)
    }

    /// A `let` holding the current value of `place`, of type `ty`.
    fn snapshot(&mut self, place: &str, ty: &Type, range: TextRange) -> Result<String> {
        let t = self.temp();
        let wt = self.wgsl(ty, range)?;
        self.line(range, &format!("let {t}: {wt} = {place};"));
        Ok(t)
    }

    /// `e`, a swizzle of a swizzle of a vector (`c.xyz.x`, `c.wzyx.xy`), as the one swizzle of
    /// the vector it stands for (`c.x`, `c.wz`): ReShade writes through such a place, and WGSL
    /// writes through no swizzle at all (one component is a member, several go one by one).
    fn composed_swizzle(&self, e: &Expr) -> Option<Expr> {
        let ExprKind::Member { base, member } = &e.kind else {
            return None;
        };
        let ExprKind::Member {
            base: root,
            member: inner,
        } = &base.kind
        else {
            return None;
        };
        let vector = |t: &Type| matches!(shape(t), Some((_, 2.., 1)));
        if !vector(self.ty(root)) || !vector(self.ty(base)) {
            return None;
        }
        // Both are lane swizzles (the checker took them as such on vectors).
        let inner: Vec<char> = inner.name.chars().map(lane).collect();
        let composed: Option<String> = member
            .name
            .chars()
            .map(|c| inner.get("xyzw".find(lane(c))?).copied())
            .collect();
        Some(Expr {
            kind: ExprKind::Member {
                base: root.clone(),
                member: Ident {
                    name: composed?.into(),
                    range: member.range,
                },
            },
            range: e.range,
        })
    }

    /// An assignable place.
    pub fn lvalue(&mut self, e: &Expr) -> Result<String> {
        if let Some(place) = self.composed_swizzle(e) {
            return self.lvalue(&place);
        }
        if self.is_atomic_place(e) {
            return unsupported(
                e.range,
                "a 'groupshared' variable that atomics use, as an 'out' argument or in this place",
            );
        }
        match &e.kind {
            ExprKind::Name(_) | ExprKind::Index { .. } | ExprKind::Member { .. } => self.expr(e),
            _ => unsupported(e.range, "assignment to this expression not supported"),
        }
    }

    /// A target of several swizzled components: the base place and each component's accessor.
    pub fn multi_swizzle(&mut self, target: &Expr) -> Result<Option<(String, Vec<String>)>> {
        if let Some(place) = self.composed_swizzle(target) {
            return self.multi_swizzle(&place);
        }
        let ExprKind::Member { base, member } = &target.kind else {
            return Ok(None);
        };
        let bt = self.ty(base);
        let Some((_, rows, cols)) = shape(bt) else {
            return Ok(None);
        };
        let parts: Vec<String> = if cols == 1 {
            if member.name.len() < 2 {
                return Ok(None);
            }
            member
                .name
                .chars()
                .map(|c| format!(".{}", lane(c)))
                .collect()
        } else {
            let cells = matrix_cells(&member.name);
            if cells.len() < 2 {
                return Ok(None);
            }
            cells.iter().map(|(r, c)| format!("[{r}][{c}]")).collect()
        };
        if rows == 1 && cols == 1 || parts.len() > 4 {
            return unsupported(target.range, "assignment to this swizzle not supported");
        }
        let b = self.lvalue(base)?;
        let base = if is_primary(&b) { b } else { format!("({b})") };
        Ok(Some((base, parts)))
    }

    fn unary(&mut self, op: UnaryOp, operand: &Expr, e: &Expr) -> Result<String> {
        let t = self.ty(e);
        let matrix_op = matches!(op, UnaryOp::Negate | UnaryOp::BitNot | UnaryOp::Not);
        if matrix_op && t.is_matrix() && (is_row_array(t) || op == UnaryOp::Not) {
            return self.matrix_unary(op, operand, t, e.range);
        }
        match op {
            UnaryOp::Plus => self.expr_as(operand, t),
            // As HLSL computes them, on a bool the operators work on the integer 0 or 1 and the
            // result is a bool again (`-b` is `b`, `~b` is true).
            UnaryOp::Negate | UnaryOp::BitNot if t.numeric().is_some_and(|n| n.0 == Base::Bool) => {
                let it = t.with_base(Base::Int);
                let v = self.expr_as(operand, &it)?;
                let sym = if op == UnaryOp::Negate { "-" } else { "~" };
                self.convert(format!("({sym}{v})"), &it, t, e.range)
            }
            // WGSL has no `-` on unsigned integers or matrices.
            UnaryOp::Negate if t.numeric().is_some_and(|n| n.0 == Base::Uint) => {
                Ok(format!("(0u - {})", self.expr_as(operand, t)?))
            }
            UnaryOp::Negate if t.is_matrix() => {
                Ok(format!("({} * -1.0f)", self.expr_as(operand, t)?))
            }
            UnaryOp::Negate => Ok(["(-", &self.expr_as(operand, t)?, ")"].concat()),
            UnaryOp::BitNot => Ok(format!("(~{})", self.expr_as(operand, t)?)),
            UnaryOp::Not => {
                let ot = self.ty(operand).array_element();
                let bt = ot.with_base(Base::Bool);
                Ok(format!("(!{})", self.expr_as(operand, &bt)?))
            }
            UnaryOp::PreIncrement | UnaryOp::PreDecrement => {
                let place = self.side_effect_free_place(operand)?;
                let bin = if op == UnaryOp::PreIncrement {
                    BinaryOp::Add
                } else {
                    BinaryOp::Subtract
                };
                self.step(bin, operand, e.range)?;
                self.snapshot(&place, self.ty(operand), e.range)
            }
        }
    }

    /// `current op= value` as the new value of a place of type `ty`: as ReShade computes it,
    /// the value is converted to the place's type first and the operation done in that type
    /// (`i += 1.5` adds 1), bools as integers.
    pub fn compound(
        &mut self,
        op: BinaryOp,
        current: String,
        ty: &Type,
        value: String,
        vty: &Type,
        range: TextRange,
    ) -> Result<String> {
        let Some((tb, ..)) = shape(ty) else {
            return unsupported(range, "compound assignment on this type not supported");
        };
        let value = self.convert(value, vty, ty, range)?;
        let work = if tb == Base::Bool {
            ty.with_base(Base::Int)
        } else {
            ty.clone()
        };
        let code = self.binary(op, current, ty, value, ty, &work, range)?;
        self.convert(code, &work, ty, range)
    }

    /// A binary operation on `l` and `r` whose result has type `t`.
    #[allow(clippy::too_many_arguments)]
    pub fn binary(
        &mut self,
        op: BinaryOp,
        l: String,
        lt: &Type,
        r: String,
        rt: &Type,
        t: &Type,
        range: TextRange,
    ) -> Result<String> {
        use BinaryOp::*;
        let (Some(ls), Some(rs)) = (shape(lt), shape(rt)) else {
            return unsupported(range, "operator on this type not supported");
        };
        let symbol = match op {
            Or => "||",
            And => "&&",
            BitOr => "|",
            BitXor => "^",
            BitAnd => "&",
            Equal => "==",
            NotEqual => "!=",
            Less => "<",
            Greater => ">",
            LessEqual => "<=",
            GreaterEqual => ">=",
            ShiftLeft => "<<",
            ShiftRight => ">>",
            Add => "+",
            Subtract => "-",
            Multiply => "*",
            Divide => "/",
            Modulo => "%",
        };
        let is_matrix = |s: (Base, u8, u8)| s.2 > 1;
        if is_row_array(t) {
            return self.matrix_binary(op, l, lt, r, rt, t, range);
        }
        match op {
            Equal | NotEqual | Less | Greater | LessEqual | GreaterEqual => {
                // A matrix met by a vector compares in the vector's shape (the result's): the
                // matrix's first components, as everywhere.
                let Some((_, rows, 1)) = shape(t) else {
                    return unsupported(range, "matrix comparison not supported yet");
                };
                let mut base = wider_base(ls.0, rs.0);
                // Bools order as the integers 0 and 1 (WGSL orders no bools).
                if base == Base::Bool && !matches!(op, Equal | NotEqual) {
                    base = Base::Int;
                }
                let common = if rows == 1 {
                    Type::scalar(base)
                } else {
                    Type::vector(base, rows)
                };
                let a = self.convert(l, lt, &common, range)?;
                let b = self.convert(r, rt, &common, range)?;
                Ok(["(", &a, " ", symbol, " ", &b, ")"].concat())
            }
            Or | And => {
                let a = self.convert(l, lt, t, range)?;
                let b = self.convert(r, rt, t, range)?;
                let sym = match (shape(t), op) {
                    (Some((_, 1, 1)), _) => symbol,
                    (_, Or) => "|",
                    _ => "&",
                };
                Ok(["(", &a, " ", sym, " ", &b, ")"].concat())
            }
            ShiftLeft | ShiftRight => {
                let a = self.convert(l, lt, t, range)?;
                let ut = t.with_base(Base::Uint);
                let b = self.convert(r, rt, &ut, range)?;
                // HLSL shifts by the amount's low five bits; WGSL rejects a constant amount
                // past the width, so the amount is taken modulo 32 as HLSL does.
                Ok(format!("({a} {symbol} ({b} % 32u))"))
            }
            // Two matrices, a `%` with one, or a scalar divided by a matrix (WGSL has none of
            // them): row by row, the scalar broadcast.
            _ if is_matrix(ls) && is_matrix(rs) && matches!(op, Multiply | Divide | Modulo)
                || (op == Modulo && shape(t).is_some_and(is_matrix))
                || (op == Divide && is_matrix(rs) && !is_matrix(ls) && ls.1 == 1) =>
            {
                let Some((_, rows, _)) = shape(t) else {
                    return unsupported(range, "matrix operation not supported");
                };
                let a = self.convert(l, lt, t, range)?;
                let b = self.convert(r, rt, t, range)?;
                let wt = self.wgsl(t, range)?;
                let cols: Vec<String> = (0..rows)
                    .map(|i| format!("({a})[{i}] {symbol} ({b})[{i}]"))
                    .collect();
                Ok(format!("{wt}({})", cols.join(", ")))
            }
            Multiply | Divide if is_matrix(ls) != is_matrix(rs) && (ls.1 == 1 || rs.1 == 1) => {
                // A matrix and a scalar.
                let (m, mt, s, st) = if is_matrix(ls) {
                    (l, lt, r, rt)
                } else {
                    (r, rt, l, lt)
                };
                let m = self.convert(m, mt, t, range)?;
                let s = self.convert(s, st, &Type::FLOAT, range)?;
                match op {
                    Multiply => Ok(format!("({m} * {s})")),
                    _ => Ok(format!("({m} * (1.0f / {s}))")),
                }
            }
            _ => {
                let a = self.convert(l, lt, t, range)?;
                let b = self.convert(r, rt, t, range)?;
                Ok(["(", &a, " ", symbol, " ", &b, ")"].concat())
            }
        }
    }

    fn construct(&mut self, args: &[Expr], e: &Expr) -> Result<String> {
        let t = self.ty(e);
        let Some((base, _, cols)) = shape(t) else {
            return unsupported(e.range, "constructor of this type not supported");
        };
        if let [one] = args {
            // An array is its first element (`Checker::array_constructor_argument`).
            let at = self.ty(one).array_element();
            let fits = match (shape(at), shape(t)) {
                (Some((_, ar, ac)), Some((_, tr, tc))) => ar >= tr && ac >= tc,
                _ => false,
            };
            // A matrix as a whole vector goes by its cells below (evaluated once).
            let vector = cols == 1
                && (at.components() > t.components()
                    || (!at.is_matrix() && at.components() == t.components()));
            if at.is_scalar() || fits || vector {
                return self.expr_as(one, t);
            }
        }
        if cols > 1 {
            return self.matrix_construct(args, t, e.range);
        }
        let wt = self.wgsl(t, e.range)?;
        let mut parts = Vec::new();
        for a in args {
            let at = self.ty(a).array_element();
            if at.is_matrix() {
                // Its cells in row-major order, as ReShade flattens it.
                parts.extend(self.cells_of(a, base)?);
            } else {
                parts.push(self.expr_as(a, &at.with_base(base))?);
            }
        }
        Ok([&wt, "(", &parts.join(", "), ")"].concat())
    }

    fn member(&mut self, base: &Expr, member: &Ident, range: TextRange) -> Result<String> {
        let bt = self.ty(base);
        let b = self.expr(base)?;
        match shape(bt) {
            None => Ok([b.as_str(), ".", &names::member(&member.name)].concat()),
            Some((base_ty, 1, 1)) => {
                let n = member.name.len();
                if n == 1 {
                    Ok(b)
                } else {
                    Ok(format!("{}({b})", names::vector(base_ty, n)))
                }
            }
            Some((_, _, 1)) => {
                let lanes: String = member.name.chars().map(lane).collect();
                Ok(postfixed(&b, &[".", &lanes].concat()))
            }
            Some((base_ty, _, cols)) => {
                let cells = matrix_cells(&member.name);
                // ReShade folds a swizzle of a constant matrix to the cell `row * 4 + col` of its
                // values in row-major order (zero past them): the cell named with four columns,
                // another with fewer (`float3x3(1, ..., 9)._m12` is 7, `._m21` is 0). Every back
                // end of ReShade's gets that value, so the effect computes it.
                let folded = (cols != 4)
                    .then(|| super::consts::wgsl_eval(base, &self.lowered.consts))
                    .flatten();
                let parts: Vec<String> = cells
                    .iter()
                    .map(|&(r, c)| match &folded {
                        Some(matrix) => {
                            let at = usize::from(r) * 4 + usize::from(c);
                            scalar_literal(base_ty, matrix.values.get(at).copied().unwrap_or(0.0))
                        }
                        None => postfixed(&b, &format!("[{r}][{c}]")),
                    })
                    .collect();
                match parts.len() {
                    0 => unsupported(range, "matrix swizzle not understood"),
                    1 => Ok(parts.concat()),
                    n => Ok(format!(
                        "{}({})",
                        names::vector(base_ty, n),
                        parts.join(", ")
                    )),
                }
            }
        }
    }

    fn call(&mut self, callee: &Path, args: &[Expr], e: &Expr) -> Result<String> {
        if let Some(&id) = self.facts.calls.get(&callee.range) {
            return self.user_call(id, callee, args, e.range);
        }
        let t = self.ty(e);
        let params = self.intrinsic_params(callee, args);
        // ReShade folds no call: a built-in of constants runs at run time there, while naga's
        // constant evaluator would fold it and reject a result out of range (`pow(0, 0)`,
        // `sqrt(-1)`). Every argument is computed at run time: lowering may build one call of
        // several WGSL built-ins, each of some arguments (`ldexp(x, e)` is `x * exp2(e)`).
        let constant = !args.is_empty() && args.iter().all(|a| self.is_constant(a));
        if constant {
            self.run_time.extend(args.iter().map(|a| a.range));
        }
        let code = self.intrinsic(&callee.joined(), args, &params, t, e.range);
        if constant {
            for a in args {
                self.run_time.remove(&a.range);
            }
        }
        code
    }

    /// The parameter types of the built-in overload the checker chose for a call, which the
    /// arguments convert to (each argument's own type where the checker recorded none).
    pub(super) fn intrinsic_params(&self, callee: &Path, args: &[Expr]) -> Vec<Type> {
        let chosen = self.facts.intrinsic_params.get(&callee.range);
        args.iter()
            .enumerate()
            .map(|(i, a)| {
                chosen
                    .and_then(|p| p.get(i))
                    .unwrap_or_else(|| self.ty(a))
                    .clone()
            })
            .collect()
    }
}

/// The WGSL lane of an HLSL swizzle letter.
/// The `xyzw` lane of a swizzle letter of any of ReShade's sets (`xyzw`, `rgba`, `stpq`).
fn lane(c: char) -> char {
    match c {
        'r' | 'x' | 's' => 'x',
        'g' | 'y' | 't' => 'y',
        'b' | 'z' | 'p' => 'z',
        _ => 'w',
    }
}

/// The (row, column) cells of a matrix swizzle: `_m00_m11` (zero-based) or `_11_22`.
fn matrix_cells(name: &str) -> Vec<(u8, u8)> {
    let mut cells = Vec::new();
    for part in name.split('_').filter(|p| !p.is_empty()) {
        let digits: Vec<u8> = part
            .trim_start_matches('m')
            .bytes()
            .filter(u8::is_ascii_digit)
            .map(|b| b - b'0')
            .collect();
        if let [r, c] = digits[..] {
            if part.starts_with('m') {
                cells.push((r, c));
            } else if r > 0 && c > 0 {
                cells.push((r - 1, c - 1));
            }
        }
    }
    cells
}

/// Whether evaluating `e` writes anything: an assignment, `++`/`--` or a comma sequence
/// (whose left parts are statements) or an intrinsic with an `out` result anywhere inside it.
/// Calls of user functions are not looked into (see [`writes_with`]).
pub(crate) fn has_side_effects(e: &Expr) -> bool {
    writes_with(e, &|_| false)
}

/// [`has_side_effects`], with calls of user functions that write (`writing_call`: those with
/// `out` parameters) counted too.
pub(crate) fn writes_with(e: &Expr, writing_call: &dyn Fn(&Path) -> bool) -> bool {
    let w = |x: &Expr| writes_with(x, writing_call);
    match &e.kind {
        ExprKind::Assign { .. } | ExprKind::Postfix { .. } | ExprKind::Sequence(_) => true,
        ExprKind::Unary { op, operand } => {
            matches!(op, UnaryOp::PreIncrement | UnaryOp::PreDecrement) || w(operand)
        }
        ExprKind::Binary { lhs, rhs, .. } => w(lhs) || w(rhs),
        ExprKind::Ternary {
            cond,
            then,
            otherwise,
        } => w(cond) || w(then) || w(otherwise),
        ExprKind::Cast { operand, .. } => w(operand),
        // The intrinsics with `out` results write them as statements of their own.
        ExprKind::Call { callee, .. }
            if matches!(callee.joined().as_ref(), "modf" | "frexp" | "sincos")
                || super::super::check_atomic::is_atomic(&callee.joined())
                || writing_call(callee) =>
        {
            true
        }
        ExprKind::Construct { args, .. } | ExprKind::Call { args, .. } => args.iter().any(w),
        ExprKind::Member { base, .. } => w(base),
        ExprKind::Index { base, index } => w(base) || w(index),
        ExprKind::InitList(items) => items.iter().any(w),
        ExprKind::Literal(_) | ExprKind::Name(_) | ExprKind::Error => false,
    }
}

impl Emitter<'_> {
    /// Whether evaluating `e` writes anything, calls of user functions with `out` parameters
    /// or writing module-scope variables included: a loop condition that does is evaluated
    /// inside the loop.
    pub(super) fn writes(&self, e: &Expr) -> bool {
        writes_with(e, &|callee| {
            self.writes_module_scope(callee)
                || self
                    .facts
                    .calls
                    .get(&callee.range)
                    .and_then(|id| self.functions.get(id))
                    .is_some_and(|f| f.params.iter().any(|(_, k)| *k == ParamKind::Pointer))
        })
    }
}

/// A scalar constant of `base` as WGSL writes it (`-3` as `(-3i)`, so that it stands anywhere).
fn scalar_literal(base: Base, v: f64) -> String {
    match base {
        Base::Float => float_literal(v),
        Base::Bool => (v != 0.0).to_string(),
        Base::Uint => format!("{}u", v as u32),
        Base::Int => int_literal(v as i32),
    }
}

/// An operand the checker reads as its first element (an array), indexed; others unchanged.
fn first_element(code: String, ty: &Type) -> (String, &Type) {
    match ty {
        Type::Array(element, _) => (format!("({code})[0]"), element),
        _ => (code, ty),
    }
}
