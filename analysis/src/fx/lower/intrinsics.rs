//! WGSL code for FX intrinsics: the component-wise ones by name, the rest (products, bit and
//! float reinterpretation, half-float packing, classification, functions with `out` results)
//! one by one. `mul` follows the matrix layout of `names.rs`: `mul(v, M)` is `M * v`,
//! `mul(M, v)` is `v * M` and `mul(A, B)` is `B * A` in WGSL.

use super::super::ast::*;
use super::super::lexer::Base;
use super::super::types::Type;
use super::emit::Emitter;
use super::names::call_text;
use super::parens::postfixed;
use super::{Result, unsupported};

/// Component-wise intrinsics with their WGSL names: arguments convert to the result type.
const COMPONENT_WISE: &[(&str, &str)] = &[
    ("abs", "abs"),
    ("acos", "acos"),
    ("asin", "asin"),
    ("atan", "atan"),
    ("atan2", "atan2"),
    ("ceil", "ceil"),
    ("clamp", "clamp"),
    ("cos", "cos"),
    ("cosh", "cosh"),
    ("ddx", "dpdx"),
    ("ddy", "dpdy"),
    ("degrees", "degrees"),
    ("exp", "exp"),
    ("exp2", "exp2"),
    ("floor", "floor"),
    ("frac", "fract"),
    ("fwidth", "fwidth"),
    ("lerp", "mix"),
    ("log", "log"),
    ("log2", "log2"),
    ("mad", "fma"),
    ("max", "max"),
    ("min", "min"),
    ("pow", "pow"),
    ("radians", "radians"),
    ("round", "round"),
    ("rsqrt", "inverseSqrt"),
    ("saturate", "saturate"),
    ("sin", "sin"),
    ("sinh", "sinh"),
    ("smoothstep", "smoothstep"),
    ("sqrt", "sqrt"),
    ("step", "step"),
    ("tan", "tan"),
    ("tanh", "tanh"),
    ("trunc", "trunc"),
    ("countbits", "countOneBits"),
    ("reversebits", "reverseBits"),
    ("firstbithigh", "firstLeadingBit"),
    ("firstbitlow", "firstTrailingBit"),
];

impl Emitter<'_> {
    /// The WGSL for built-in `name` called with `args`, converted to `params` (the parameter
    /// types of the overload the checker chose), giving `t`.
    pub(super) fn intrinsic(
        &mut self,
        name: &str,
        args: &[Expr],
        params: &[Type],
        t: &Type,
        range: TextRange,
    ) -> Result<String> {
        if let Some((_, wgsl)) = COMPONENT_WISE.iter().find(|(n, _)| *n == name) {
            let list = args
                .iter()
                .map(|a| self.expr_as(a, t))
                .collect::<Result<Vec<_>>>()?;
            return Ok(call_text(wgsl, &list));
        }
        let p = |i: usize| params.get(i).cloned().unwrap_or(Type::Error);
        match (name, args) {
            ("fmod", [a, b]) => {
                let (x, y) = (self.expr_as(a, t)?, self.expr_as(b, t)?);
                Ok(["(", &x, " % ", &y, ")"].concat())
            }
            ("rcp", [a]) => Ok(["(1.0f / ", &self.expr_as(a, t)?, ")"].concat()),
            ("log10", [a]) => Ok(format!("(log({}) * 0.4342944819f)", self.expr_as(a, t)?)),
            ("sign", [a]) => {
                let code = call_text("sign", &[self.expr_as(a, &p(0))?]);
                self.convert(code, &p(0), t, range)
            }
            ("dot" | "distance" | "cross" | "reflect", [a, b]) => {
                let (x, y) = (self.expr_as(a, &p(0))?, self.expr_as(b, &p(1))?);
                if p(0).is_scalar() && name == "dot" {
                    return Ok(["(", &x, " * ", &y, ")"].concat());
                }
                Ok(call_text(name, &[x, y]))
            }
            ("refract", [a, b, c]) => {
                let x = self.expr_as(a, &p(0))?;
                let y = self.expr_as(b, &p(1))?;
                let z = self.expr_as(c, &p(2))?;
                Ok(call_text("refract", &[x, y, z]))
            }
            ("length" | "normalize", [a]) => {
                let x = self.expr_as(a, &p(0))?;
                if p(0).is_scalar() {
                    return Ok(if name == "length" {
                        call_text("abs", &[x])
                    } else {
                        call_text("sign", &[x])
                    });
                }
                Ok(call_text(name, &[x]))
            }
            ("transpose", [a]) if super::matrices::is_row_array(t) => {
                self.matrix_transpose(a, range)
            }
            ("transpose" | "determinant" | "any" | "all", [a]) => {
                Ok(call_text(name, &[self.expr_as(a, &p(0))?]))
            }
            ("asfloat" | "asint" | "asuint", [a]) => {
                let wt = self.wgsl(t, range)?;
                let x = self.expr_as(a, &p(0))?;
                Ok(format!("bitcast<{wt}>({x})"))
            }
            ("f32tof16", [a]) => {
                let ft = p(0);
                let x = self.expr_as(a, &ft)?;
                let code = per_lane(&x, ft.components(), "u32", |v| {
                    format!("pack2x16float(vec2f({v}, 0.0f))")
                });
                self.convert(code, &ft.with_base(Base::Uint), t, range)
            }
            ("f16tof32", [a]) => {
                let ut = p(0);
                let x = self.expr_as(a, &ut)?;
                let code = per_lane(&x, ut.components(), "f32", |v| {
                    format!("unpack2x16float({v}).x")
                });
                self.convert(code, &ut.with_base(Base::Float), t, range)
            }
            ("isinf" | "isnan", [a]) => {
                // By the bits, which no fast-math assumption can fold away.
                let ft = p(0);
                let x = self.expr_as(a, &ft)?;
                let op = if name == "isinf" { "==" } else { ">" };
                let n = ft.components();
                let code = if n == 1 {
                    format!("((bitcast<u32>({x}) & 0x7fffffffu) {op} 0x7f800000u)")
                } else {
                    format!(
                        "((bitcast<vec{n}u>({x}) & vec{n}u(0x7fffffffu)) {op} vec{n}u(0x7f800000u))"
                    )
                };
                self.convert(code, &ft.with_base(Base::Bool), t, range)
            }
            ("ldexp", [a, b]) => {
                // The exponent is an integer parameter: ReShade drops its fraction first.
                let x = self.expr_as(a, &p(0))?;
                let e = self.expr_as(b, &p(1))?;
                let e = self.convert(e, &p(1), t, range)?;
                Ok(format!("({x} * exp2({e}))"))
            }
            ("faceforward", [n, i, ng]) => {
                let (n, i, ng) = (
                    self.expr_as(n, t)?,
                    self.expr_as(i, t)?,
                    self.expr_as(ng, t)?,
                );
                if t.is_scalar() {
                    return Ok(format!("select(-({n}), {n}, ({i}) * ({ng}) < 0.0f)"));
                }
                Ok(format!("faceForward({n}, {i}, {ng})"))
            }
            ("modf" | "frexp", [a, out]) => {
                // The second result goes to its `out` place as a statement before this one.
                let x = self.expr_as(a, t)?;
                // Checked for side effects of its own; written after the value.
                self.side_effect_free_place(out)?;
                let pt = self.ty(out);
                let parts = self.temp();
                self.line(range, &format!("let {parts} = {name}({x});"));
                let (second, second_ty) = if name == "modf" {
                    (format!("{parts}.whole"), t.clone())
                } else {
                    let it = t.with_base(Base::Int);
                    (format!("{parts}.exp"), it)
                };
                let value = self.convert(second, &second_ty, pt, range)?;
                self.store(out, &value, range)?;
                Ok(format!("{parts}.fract"))
            }
            ("mul", [a, b]) => self.mul(a, b, &p(0), &p(1), t, range),
            (n, _) if super::super::check_atomic::is_atomic(n) => {
                self.atomic_value(n, args, t, range)
            }
            (n, _) if n.starts_with("tex") => self.texture_call(n, args, t, range),
            ("barrier" | "groupMemoryBarrier", []) => Ok("workgroupBarrier()".to_string()),
            ("memoryBarrier", []) => Ok("storageBarrier()".to_string()),
            _ => unsupported(range, format!("'{name}' : intrinsic not supported yet")),
        }
    }

    /// `mul(a, b)` with `a` and `b` converted to the chosen overload's `pa` and `pb`: a scalar
    /// scales; otherwise the operands swap, as WGSL's matrices are HLSL's transposed. Integer
    /// matrices (arrays of rows) multiply in `matrices.rs`.
    fn mul(
        &mut self,
        a: &Expr,
        b: &Expr,
        pa: &Type,
        pb: &Type,
        t: &Type,
        range: TextRange,
    ) -> Result<String> {
        if matches!(t.numeric(), Some((base, ..)) if base != Base::Float)
            && (pa.is_matrix() || pb.is_matrix())
        {
            return self.integer_mul(a, b, t, range);
        }
        let (x, y) = (self.expr_as(a, pa)?, self.expr_as(b, pb)?);
        if pa.is_scalar() || pb.is_scalar() {
            return Ok(["(", &x, " * ", &y, ")"].concat());
        }
        Ok(["(", &y, " * ", &x, ")"].concat())
    }
}

/// `f(lane)` for each lane of `x` (a value of `n` lanes), gathered into a `vec<n><elem>`.
fn per_lane(x: &str, n: u32, elem: &str, f: impl Fn(String) -> String) -> String {
    if n == 1 {
        return f(x.to_string());
    }
    let lanes: Vec<String> = ["x", "y", "z", "w"][..n as usize]
        .iter()
        .map(|l| f(postfixed(x, &format!(".{l}"))))
        .collect();
    format!("vec{n}<{elem}>({})", lanes.join(", "))
}
