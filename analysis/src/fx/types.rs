//! Types of ReShade FX values for the checker: numeric scalars, vectors and matrices, structs,
//! arrays, strings and objects, plus `Error` for a value whose type is unknown after an error
//! (it converts to and from anything, so one mistake is reported once).
//!
//! [`rank`] scores how well a value converts to a parameter type, following ReShade's rules:
//! exact matches beat promotions, floating point beats integers, integer to float promotion beats
//! float to integer conversion, signed to unsigned beats unsigned to signed, scalar to vector
//! splats rank lower than same-shape conversions and truncations lower still; matrices and
//! non-numeric types convert only to their own shape.

use super::lexer::{Base, ObjectKind};

#[derive(Clone, Debug, PartialEq)]
pub enum Type {
    Void,
    /// Scalars are 1×1, vectors rows×1.
    Numeric {
        base: Base,
        rows: u8,
        cols: u8,
    },
    String,
    /// An index into the checker's struct table, with the struct's name for messages.
    Struct(usize, String),
    /// Element type and length (`None`: unsized, sized by an initialiser).
    Array(Box<Type>, Option<u32>),
    /// A texture, sampler or storage with the element type it reads or writes (`float4` when
    /// none is written, as in ReShade: `storage2D<uint>` is another type than `storage2D`).
    Object {
        kind: ObjectKind,
        dim: u8,
        element: (Base, u8),
    },
    Error,
}

impl Type {
    pub const BOOL: Type = Type::scalar(Base::Bool);
    pub const INT: Type = Type::scalar(Base::Int);
    pub const UINT: Type = Type::scalar(Base::Uint);
    pub const FLOAT: Type = Type::scalar(Base::Float);

    pub const fn scalar(base: Base) -> Type {
        Type::Numeric {
            base,
            rows: 1,
            cols: 1,
        }
    }

    pub const fn vector(base: Base, n: u8) -> Type {
        Type::Numeric {
            base,
            rows: n,
            cols: 1,
        }
    }

    pub const fn matrix(base: Base, rows: u8, cols: u8) -> Type {
        Type::Numeric { base, rows, cols }
    }

    pub fn is_error(&self) -> bool {
        matches!(self, Type::Error)
    }

    /// `(base, rows, cols)` of a numeric type.
    pub fn numeric(&self) -> Option<(Base, u8, u8)> {
        match *self {
            Type::Numeric { base, rows, cols } => Some((base, rows, cols)),
            _ => None,
        }
    }

    pub fn is_scalar(&self) -> bool {
        matches!(self.numeric(), Some((_, 1, 1)))
    }

    pub fn is_vector(&self) -> bool {
        matches!(self.numeric(), Some((_, r, 1)) if r > 1)
    }

    pub fn is_matrix(&self) -> bool {
        matches!(self.numeric(), Some((_, _, c)) if c > 1)
    }

    pub fn components(&self) -> u32 {
        self.numeric()
            .map_or(0, |(_, r, c)| u32::from(r) * u32::from(c))
    }

    /// The element of an array (one level), or the type itself: what ReShade's checks that
    /// read only the element (`is_vector()`, `is_numeric()`, `components()`) see.
    pub fn array_element(&self) -> &Type {
        match self {
            Type::Array(element, _) => element,
            _ => self,
        }
    }

    /// The same shape with another element type.
    pub fn with_base(&self, base: Base) -> Type {
        match *self {
            Type::Numeric { rows, cols, .. } => Type::Numeric { base, rows, cols },
            _ => Type::Error,
        }
    }

    /// How the type is written in HLSL.
    pub fn name(&self) -> String {
        match self {
            Type::Void => "void".into(),
            Type::Numeric { base, rows, cols } => match (rows, cols) {
                (1, 1) => base.as_str().into(),
                (r, 1) => format!("{}{r}", base.as_str()),
                (r, c) => format!("{}{r}x{c}", base.as_str()),
            },
            Type::String => "string".into(),
            Type::Struct(_, name) => name.clone(),
            Type::Array(element, Some(n)) => format!("{}[{n}]", element.name()),
            Type::Array(element, None) => format!("{}[]", element.name()),
            Type::Object { kind, dim, element } => {
                let kind = match kind {
                    ObjectKind::Texture => "texture",
                    ObjectKind::Sampler => "sampler",
                    ObjectKind::Storage => "storage",
                };
                match element {
                    (Base::Float, 4) => format!("{kind}{dim}D"),
                    (base, 1) => format!("{kind}{dim}D<{}>", base.as_str()),
                    (base, n) => format!("{kind}{dim}D<{}{n}>", base.as_str()),
                }
            }
            Type::Error => "<error>".into(),
        }
    }
}

/// How a call with argument `types` ranks against a candidate with `params` (same count): each
/// argument's rank, best first, as ReShade compares candidates; `None` when one cannot convert.
pub fn candidate_ranks(types: &[Type], params: &[Type]) -> Option<Vec<u32>> {
    let mut ranks: Vec<u32> = types.iter().zip(params).map(|(t, p)| rank(t, p)).collect();
    if ranks.contains(&0) {
        return None;
    }
    ranks.sort_unstable_by(|a, b| b.cmp(a));
    Some(ranks)
}

/// How well a value of type `from` converts to `to`: 0 when it does not, higher is better.
pub fn rank(from: &Type, to: &Type) -> u32 {
    // An error converts silently, as a perfect match, so that it causes no second error.
    if from.is_error() || to.is_error() {
        return 32;
    }
    match (from, to) {
        // Arrays of one length (or one unsized) convert as their elements do.
        (Type::Array(a, n), Type::Array(b, m)) => {
            let lengths_fit = n == m || n.is_none() || m.is_none();
            return if lengths_fit { rank(a, b) } else { 0 };
        }
        (Type::Array(..), _) | (_, Type::Array(..)) => return 0,
        _ => {}
    }
    let (Some((fb, fr, fc)), Some((tb, tr, tc))) = (from.numeric(), to.numeric()) else {
        return if from == to { 32 } else { 0 };
    };
    if fc > 1 && (tc != fc || tr != fr) {
        return 0;
    }
    let base = base_rank(fb, tb) << 2;
    let (from_vector, to_vector) = (fc == 1 && fr > 1, tc == 1 && tr > 1);
    if from.is_scalar() && to_vector {
        return base >> 1;
    }
    if (from_vector && to.is_scalar()) || (from_vector == to_vector && fr > tr && fc >= tc) {
        return base >> 2;
    }
    if from_vector != to_vector || (fc > 1) != (tc > 1) || from.components() != to.components() {
        return 0;
    }
    base * from.components()
}

/// Element conversions: same type best, float targets next, then the integer conversions.
fn base_rank(from: Base, to: Base) -> u32 {
    use Base::*;
    match (from, to) {
        (Float, Float) => 6,
        (a, b) if a == b => 5,
        (Bool, _) => 4,
        (Int | Uint, Float) => 4,
        (Int, Uint) => 2,
        (Uint, Int) => 1,
        _ => 3,
    }
}

/// Whether converting `from` to `to` drops components (ReShade warns: implicit truncation).
pub fn truncates(from: &Type, to: &Type) -> bool {
    match (from.numeric(), to.numeric()) {
        (Some((_, fr, fc)), Some((_, tr, tc))) => {
            from.components() > to.components() && (fr > tr || fc > tc)
        }
        _ => false,
    }
}

/// Whether ReShade's conversion of float `v` to `int` keeps its value (truncated): on the x86
/// it runs on, a float no `int` holds (an infinity, a NaN, past 2^31) becomes the "integer
/// indefinite", the smallest `int`, wherever ReShade folds such a conversion.
pub fn int_holds(v: f64) -> bool {
    v.is_finite() && (-2147483648.0..2147483648.0).contains(&v.trunc())
}

/// The element type two operands of an arithmetic operator are brought to: the later of bool,
/// int, uint, float.
pub fn wider_base(a: Base, b: Base) -> Base {
    let order = |b: Base| match b {
        Base::Bool => 0,
        Base::Int => 1,
        Base::Uint => 2,
        Base::Float => 3,
    };
    if order(a) >= order(b) { a } else { b }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_prefer_exact_then_float_then_promotion_then_truncation() {
        let f3 = Type::vector(Base::Float, 3);
        let i3 = Type::vector(Base::Int, 3);
        assert_eq!(rank(&f3, &f3), 72);
        assert_eq!(rank(&i3, &f3), 48);
        assert_eq!(rank(&Type::FLOAT, &f3), 12);
        assert_eq!(rank(&Type::vector(Base::Float, 4), &f3), 6);
        assert_eq!(rank(&f3, &Type::FLOAT), 6);
        assert_eq!(rank(&Type::INT, &Type::UINT), 8);
        assert_eq!(rank(&Type::UINT, &Type::INT), 4);
        assert!(rank(&Type::INT, &Type::FLOAT) > rank(&Type::FLOAT, &Type::INT));
        let m = Type::Numeric {
            base: Base::Float,
            rows: 3,
            cols: 3,
        };
        assert_eq!(rank(&m, &f3), 0);
        assert_eq!(rank(&Type::String, &Type::FLOAT), 0);
        assert_eq!(rank(&Type::Error, &Type::String), 32);
        assert!(truncates(&Type::vector(Base::Float, 4), &f3));
        assert!(!truncates(&Type::FLOAT, &f3));
        assert_eq!(m.name(), "float3x3");
    }
}
