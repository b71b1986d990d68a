//! ReShade FX's built-in functions as the checker sees them: how many arguments each takes and
//! the type of its result, given its arguments.
//!
//! This stage types results by rule (component-wise functions keep their widest argument's
//! shape, `dot` gives a scalar, `mul` follows matrix shapes) and checks argument counts; exact
//! overload matching against ReShade's full intrinsic table comes with lowering, where each
//! overload gets its WGSL spelling.

use super::lexer::Base;
use super::types::{Type, wider_base};

/// How a built-in's result type follows from its arguments.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rule {
    /// The widest argument's shape, as float.
    FloatLike,
    /// The widest argument's shape and element type (int stays int).
    SameAsArgs,
    /// The first argument's shape with this element type.
    ShapeOf(Base),
    Scalar(Base),
    Vector(Base, u8),
    Void,
    /// `mul`: matrix and vector products.
    Mul,
    /// `transpose`.
    Transpose,
    /// A texture read: `float4`.
    Texel,
}

/// Argument counts a built-in accepts (`min..=max`) and its result rule, or `None` when `name`
/// is not a built-in.
fn lookup(name: &str) -> Option<(usize, usize, Rule)> {
    use Rule::*;
    let one_float = [
        "acos",
        "asin",
        "atan",
        "ceil",
        "cos",
        "cosh",
        "ddx",
        "ddy",
        "degrees",
        "exp",
        "exp2",
        "floor",
        "frac",
        "fwidth",
        "log",
        "log10",
        "log2",
        "normalize",
        "radians",
        "rcp",
        "round",
        "rsqrt",
        "saturate",
        "sin",
        "sinh",
        "sqrt",
        "tan",
        "tanh",
        "trunc",
        "f16tof32",
    ];
    if one_float.contains(&name) {
        return Some((1, 1, FloatLike));
    }
    Some(match name {
        "abs" | "sign" => (1, 1, SameAsArgs),
        "min" | "max" => (2, 2, SameAsArgs),
        "clamp" => (3, 3, SameAsArgs),
        "atan2" | "pow" | "step" | "ldexp" | "modf" | "frexp" | "reflect" => (2, 2, FloatLike),
        "lerp" | "smoothstep" | "mad" | "faceforward" | "refract" => (3, 3, FloatLike),
        "dot" | "distance" => (2, 2, Scalar(Base::Float)),
        "length" | "determinant" => (1, 1, Scalar(Base::Float)),
        "cross" => (2, 2, Vector(Base::Float, 3)),
        "all" | "any" => (1, 1, Scalar(Base::Bool)),
        "isinf" | "isnan" => (1, 1, ShapeOf(Base::Bool)),
        "asfloat" => (1, 1, ShapeOf(Base::Float)),
        "asint" => (1, 1, ShapeOf(Base::Int)),
        "asuint" | "countbits" | "reversebits" | "firstbitlow" | "f32tof16" => {
            (1, 1, ShapeOf(Base::Uint))
        }
        "firstbithigh" => (1, 1, SameAsArgs),
        "mul" => (2, 2, Mul),
        "transpose" => (1, 1, Transpose),
        "sincos" => (3, 3, Void),
        "barrier" | "memoryBarrier" | "groupMemoryBarrier" => (0, 0, Void),
        "tex1D" | "tex2D" | "tex3D" | "tex1Dlod" | "tex2Dlod" | "tex3Dlod" | "tex1Dfetch"
        | "tex2Dfetch" | "tex3Dfetch" => (2, 3, Texel),
        "tex1Dgrad" | "tex2Dgrad" | "tex3Dgrad" => (4, 5, Texel),
        "tex2DgatherR" | "tex2DgatherG" | "tex2DgatherB" | "tex2DgatherA" => (2, 6, Texel),
        "tex1Dsize" => (1, 2, Scalar(Base::Int)),
        "tex2Dsize" => (1, 2, Vector(Base::Int, 2)),
        "tex3Dsize" => (1, 2, Vector(Base::Int, 3)),
        "tex1Dstore" | "tex2Dstore" | "tex3Dstore" => (3, 3, Void),
        _ => return None,
    })
}

/// Whether `name` is a built-in function (the atomics are typed in `check_atomic.rs`).
pub fn is_intrinsic(name: &str) -> bool {
    lookup(name).is_some() || super::check_atomic::is_atomic(name)
}

/// What calling built-in `name` with `args` gives: `Err((min, max))` when the argument count is
/// wrong, `Ok(None)` when `name` is not a built-in.
pub fn call(name: &str, args: &[Type]) -> std::result::Result<Option<Type>, (usize, usize)> {
    let Some((min, max, rule)) = lookup(name) else {
        return Ok(None);
    };
    if args.len() < min || args.len() > max {
        return Err((min, max));
    }
    Ok(Some(result(rule, args)))
}

/// The numeric argument with the most components (the first on a tie), and the widest element
/// type among all numeric arguments.
fn widest(args: &[Type]) -> Option<(Type, Base)> {
    let numeric: Vec<&Type> = args.iter().filter(|t| t.numeric().is_some()).collect();
    let shape = numeric
        .iter()
        .copied()
        .fold(None::<&Type>, |best, t| match best {
            Some(b) if b.components() >= t.components() => Some(b),
            _ => Some(t),
        })?;
    let base = numeric
        .iter()
        .filter_map(|t| t.numeric())
        .fold(Base::Bool, |acc, (b, _, _)| wider_base(acc, b));
    Some((shape.clone(), base))
}

fn result(rule: Rule, args: &[Type]) -> Type {
    let first = args.first().cloned().unwrap_or(Type::Error);
    match rule {
        Rule::FloatLike => widest(args).map_or(Type::Error, |(t, _)| t.with_base(Base::Float)),
        Rule::SameAsArgs => widest(args).map_or(Type::Error, |(t, b)| t.with_base(b)),
        Rule::ShapeOf(base) => first.with_base(base),
        Rule::Scalar(base) => Type::scalar(base),
        Rule::Vector(base, n) => Type::vector(base, n),
        Rule::Void => Type::Void,
        Rule::Texel => Type::vector(Base::Float, 4),
        Rule::Transpose => match first.numeric() {
            Some((base, rows, cols)) => Type::Numeric {
                base,
                rows: cols,
                cols: rows,
            },
            None => Type::Error,
        },
        Rule::Mul => mul(&first, args.get(1).unwrap_or(&Type::Error)),
    }
}

/// `mul(a, b)`: scalar scaling, vector × matrix, matrix × vector, matrix × matrix.
fn mul(a: &Type, b: &Type) -> Type {
    let (Some((ab, ar, ac)), Some((bb, br, bc))) = (a.numeric(), b.numeric()) else {
        return Type::Error;
    };
    let base = wider_base(ab, bb);
    let shape = if a.is_scalar() {
        (br, bc)
    } else if b.is_scalar() {
        (ar, ac)
    } else if a.is_vector() && b.is_matrix() {
        (bc, 1)
    } else if a.is_matrix() && b.is_vector() {
        (ar, 1)
    } else if a.is_vector() && b.is_vector() {
        (1, 1)
    } else {
        (ar, bc)
    };
    Type::Numeric {
        base,
        rows: shape.0,
        cols: shape.1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_follow_the_arguments() {
        let f3 = Type::vector(Base::Float, 3);
        let i2 = Type::vector(Base::Int, 2);
        let m43 = Type::Numeric {
            base: Base::Float,
            rows: 4,
            cols: 3,
        };
        assert_eq!(
            call("lerp", &[f3.clone(), f3.clone(), Type::FLOAT]),
            Ok(Some(f3.clone()))
        );
        assert_eq!(call("abs", std::slice::from_ref(&i2)), Ok(Some(i2.clone())));
        assert_eq!(call("sqrt", &[i2]), Ok(Some(Type::vector(Base::Float, 2))));
        assert_eq!(
            call("dot", &[f3.clone(), f3.clone()]),
            Ok(Some(Type::FLOAT))
        );
        assert_eq!(
            call("mul", &[m43.clone(), f3.clone()]),
            Ok(Some(Type::vector(Base::Float, 4)))
        );
        assert_eq!(
            call("mul", &[Type::vector(Base::Float, 4), m43.clone()]),
            Ok(Some(f3.clone()))
        );
        assert_eq!(
            call("transpose", &[m43]),
            Ok(Some(Type::Numeric {
                base: Base::Float,
                rows: 3,
                cols: 4
            }))
        );
        assert_eq!(call("saturate", &[f3.clone(), f3]), Err((1, 1)));
        assert_eq!(call("my_function", &[]), Ok(None));
        assert!(is_intrinsic("tex2Dlod") && !is_intrinsic("tex2Doffset"));
    }
}
