//! Integer and bool matrices (`int2x2`, `uint3x4`, `bool2x2`). WGSL has only float matrices, so
//! these are arrays of their rows (`array<vec2i, 2>`, see `names.rs`): `m[i]` is row `i` and
//! `m[i][j]` a cell in both forms, and assignment, parameters and returns need nothing more.
//! What WGSL does not do on arrays (conversions, splats, operators, `mul`, `transpose`) goes
//! through generated helper functions, one per operation and shape, declared once at module
//! scope: each operand is evaluated once, as in ReShade. Float matrices use the same helpers for
//! what WGSL lacks on them too: comparisons, `!`, and conversions to and from the others.

use super::super::ast::*;
use super::super::lexer::Base;
use super::super::types::{Type, wider_base};
use super::emit::Emitter;
use super::exprs::shape;
use super::names::{numeric, scalar};
use super::{Result, unsupported};

/// `(base, rows, columns)` of a numeric type.
type Shape = (Base, u8, u8);

/// The short name of a shape in helper names: `i2x3`, `u4x4`, `b2x2`, `f3x3`.
fn sig((base, rows, cols): Shape) -> String {
    let b = match base {
        Base::Bool => 'b',
        Base::Int => 'i',
        Base::Uint => 'u',
        Base::Float => 'f',
    };
    format!("{b}{rows}x{cols}")
}

/// The WGSL type of a matrix shape (an array of rows unless it is a float matrix).
fn mat_type(s: Shape, range: TextRange) -> Result<String> {
    match numeric(s.0, s.1, s.2) {
        Some(t) => Ok(t),
        None => unsupported(range, "matrix shape not supported"),
    }
}

/// The WGSL type of one row of a matrix shape.
fn row_type((base, _, cols): Shape) -> String {
    super::names::vector(base, cols)
}

/// Whether a value of type `ty` is an integer or bool matrix: an array of rows in WGSL.
pub(super) fn is_row_array(ty: &Type) -> bool {
    matches!(shape(ty), Some((b, 2.., 2..)) if b != Base::Float)
}

/// `TYPE(f(0), f(1), …)`, one part per row.
fn rows_of(ty: &str, rows: u8, f: impl Fn(u8) -> String) -> String {
    let parts: Vec<String> = (0..rows).map(f).collect();
    format!("{ty}({})", parts.join(", "))
}

const LANES: [&str; 4] = ["x", "y", "z", "w"];

impl Emitter<'_> {
    /// Declares helper `name` (its text made by `text`) unless it exists; returns the name.
    pub(super) fn helper(&mut self, name: String, text: impl FnOnce(&str) -> String) -> String {
        if !self.helpers.contains_key(&name) {
            let body = text(&name);
            self.helpers.insert(name.clone(), body);
        }
        name
    }

    /// A matrix converted to another element type and, keeping its first rows and columns, to
    /// a smaller or equal shape.
    pub(super) fn matrix_convert(
        &mut self,
        code: String,
        from: Shape,
        to: Shape,
        range: TextRange,
    ) -> Result<String> {
        if from.1 < to.1 || from.2 < to.2 {
            return unsupported(range, "matrix conversion to a larger shape");
        }
        let (ft, tt) = (mat_type(from, range)?, mat_type(to, range)?);
        let row = row_type(to);
        let lanes = if from.2 == to.2 {
            String::new()
        } else {
            format!(".{}", LANES[..usize::from(to.2)].concat())
        };
        let name = self.helper(format!("fx_m_cvt_{}_{}", sig(from), sig(to)), |name| {
            let body = rows_of(&tt, to.1, |i| format!("{row}(m[{i}]{lanes})"));
            format!("fn {name}(m: {ft}) -> {tt} {{ return {body}; }}")
        });
        Ok(format!("{name}({code})"))
    }

    /// A scalar (already of the matrix's element type) in every cell of a matrix.
    pub(super) fn matrix_splat(
        &mut self,
        code: String,
        to: Shape,
        range: TextRange,
    ) -> Result<String> {
        let tt = mat_type(to, range)?;
        let (s, row) = (scalar(to.0), row_type(to));
        let name = self.helper(format!("fx_m_splat_{}", sig(to)), |name| {
            let body = rows_of(&tt, to.1, |_| format!("{row}(x)"));
            format!("fn {name}(x: {s}) -> {tt} {{ return {body}; }}")
        });
        Ok(format!("{name}({code})"))
    }

    /// A component-wise operator whose result `t` is an integer or bool matrix (comparisons
    /// and logic of any matrices included): both operands converted to one matrix type
    /// (scalars splatted), then row by row.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn matrix_binary(
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
        let (Some(ls), Some(rs), Some(ts)) = (shape(lt), shape(rt), shape(t)) else {
            return unsupported(range, "matrix operation not supported");
        };
        let comparison = matches!(
            op,
            Equal | NotEqual | Less | Greater | LessEqual | GreaterEqual
        );
        let operand = if comparison {
            t.with_base(wider_base(ls.0, rs.0))
        } else {
            t.clone()
        };
        let os = shape(&operand).unwrap_or(ts);
        let a = self.convert(l, lt, &operand, range)?;
        let b = self.convert(r, rt, &operand, range)?;
        let (symbol, word) = match op {
            Or => ("|", "or"),
            And => ("&", "and"),
            BitOr => ("|", "bitor"),
            BitXor => ("^", "bitxor"),
            BitAnd => ("&", "bitand"),
            Equal => ("==", "eq"),
            NotEqual => ("!=", "ne"),
            Less => ("<", "lt"),
            Greater => (">", "gt"),
            LessEqual => ("<=", "le"),
            GreaterEqual => (">=", "ge"),
            ShiftLeft => ("<<", "shl"),
            ShiftRight => (">>", "shr"),
            Add => ("+", "add"),
            Subtract => ("-", "sub"),
            Multiply => ("*", "mul"),
            Divide => ("/", "div"),
            Modulo => ("%", "mod"),
        };
        let (ot, tt) = (mat_type(os, range)?, mat_type(ts, range)?);
        let shift = matches!(op, ShiftLeft | ShiftRight);
        let cols = os.2;
        let name = self.helper(format!("fx_m_{word}_{}", sig(os)), |name| {
            let body = rows_of(&tt, ts.1, |i| {
                if shift {
                    format!("a[{i}] {symbol} vec{cols}u(b[{i}])")
                } else {
                    format!("a[{i}] {symbol} b[{i}]")
                }
            });
            format!("fn {name}(a: {ot}, b: {ot}) -> {tt} {{ return {body}; }}")
        });
        Ok(format!("{name}({a}, {b})"))
    }

    /// `-m`, `~m` on an integer matrix and `!m` on any matrix, row by row.
    pub(super) fn matrix_unary(
        &mut self,
        op: UnaryOp,
        operand: &Expr,
        t: &Type,
        range: TextRange,
    ) -> Result<String> {
        let (symbol, word) = match op {
            UnaryOp::Negate => ("-", "neg"),
            UnaryOp::BitNot => ("~", "bitnot"),
            UnaryOp::Not => ("!", "not"),
            _ => return unsupported(range, "operator on a matrix not supported"),
        };
        let Some(ts) = shape(t) else {
            return unsupported(range, "operator on a matrix not supported");
        };
        let a = self.expr_as(operand, t)?;
        let tt = mat_type(ts, range)?;
        // WGSL has no `-` on unsigned rows (`0u - row`) and no `-` or `~` on bool rows: as on a
        // bool, they work on the integer 0 or 1 and give a bool again.
        let row = row_type(ts);
        let int_row = row_type((Base::Int, ts.1, ts.2));
        let cell = |i: u8| match (ts.0, op) {
            (Base::Uint, UnaryOp::Negate) => format!("(0u - a[{i}])"),
            (Base::Bool, UnaryOp::Negate | UnaryOp::BitNot) => {
                format!("{row}({symbol}{int_row}(a[{i}]))")
            }
            _ => format!("{symbol}a[{i}]"),
        };
        let name = self.helper(format!("fx_m_{word}_{}", sig(ts)), |name| {
            let body = rows_of(&tt, ts.1, cell);
            format!("fn {name}(a: {tt}) -> {tt} {{ return {body}; }}")
        });
        Ok(format!("{name}({a})"))
    }

    /// A matrix built from scalars, vectors and matrices, their cells in row-major order: an
    /// argument that is a whole row where a row starts stays one, any other is split into its
    /// cells (evaluated once), so arguments may cross a row boundary as ReShade allows.
    pub(super) fn matrix_construct(
        &mut self,
        args: &[Expr],
        t: &Type,
        range: TextRange,
    ) -> Result<String> {
        let Some(ts @ (base, rows, cols)) = shape(t) else {
            return unsupported(range, "matrix constructor not supported");
        };
        let row = row_type(ts);
        let mut done = Vec::new();
        let mut current = Vec::new();
        for a in args {
            if let Some((_, n, 1)) = shape(self.ty(a))
                && n == cols
                && current.is_empty()
            {
                done.push(self.expr_as(a, &Type::vector(base, cols))?);
                continue;
            }
            for cell in self.cells_of(a, base)? {
                current.push(cell);
                if current.len() == usize::from(cols) {
                    done.push(format!("{row}({})", current.join(", ")));
                    current.clear();
                }
            }
        }
        if !current.is_empty() || done.len() != usize::from(rows) {
            return unsupported(range, "matrix constructor arguments do not fill its rows");
        }
        Ok(format!("{}({})", mat_type(ts, range)?, done.join(", ")))
    }

    /// The cells of a constructor argument in row-major order, converted to `base`; the
    /// argument is evaluated once (held in a `let` unless it is a name or one cell).
    pub(super) fn cells_of(&mut self, a: &Expr, base: Base) -> Result<Vec<String>> {
        let at = self.ty(a).array_element();
        let Some((_, r, c)) = shape(at) else {
            return unsupported(a.range, "constructor argument of this type not supported");
        };
        let target = at.with_base(base);
        let code = self.expr_as(a, &target)?;
        if r == 1 && c == 1 {
            return Ok(vec![code]);
        }
        let simple = code
            .chars()
            .all(|ch| ch.is_ascii_alphanumeric() || ch == '_');
        let held = if simple {
            code
        } else {
            self.pin(code, &target, a.range)?
        };
        let cells = (0..r).flat_map(|i| (0..c).map(move |j| (i, j)));
        Ok(cells
            .map(|(i, j)| {
                if c == 1 {
                    format!("{held}.{}", LANES[usize::from(i)])
                } else {
                    format!("{held}[{i}][{j}]")
                }
            })
            .collect())
    }

    /// `++`/`--` on a float or integer matrix: one added to (or taken from) every cell, the
    /// place written through a pointer so that it is evaluated once.
    pub(super) fn matrix_step(
        &mut self,
        op: BinaryOp,
        operand: &Expr,
        ty: &Type,
        range: TextRange,
    ) -> Result<()> {
        if !matches!(shape(ty), Some((Base::Int | Base::Uint | Base::Float, ..))) {
            return unsupported(range, "'++'/'--' on this type not supported");
        }
        let target = self.lvalue(operand)?;
        let p = self.temp();
        let one = Type::scalar(Base::Int);
        let code = self.binary(op, format!("(*{p})"), ty, "1i".into(), &one, ty, range)?;
        self.line(
            range,
            &format!("{{ let {p} = &({target}); *{p} = {code}; }}"),
        );
        Ok(())
    }

    /// `c ? a : b` of matrices: ReShade takes a vector condition with one component per row
    /// (a scalar one is splatted), and each component picks its row from `a` or `b`.
    pub(super) fn matrix_select(
        &mut self,
        cond: &Expr,
        then: &Expr,
        otherwise: &Expr,
        t: &Type,
        range: TextRange,
    ) -> Result<String> {
        let Some(ts @ (_, rows, _)) = shape(t) else {
            return unsupported(range, "'?:' on this type not supported");
        };
        let c = self.expr_as(cond, &Type::vector(Base::Bool, rows))?;
        let a = self.expr_as(then, t)?;
        let b = self.expr_as(otherwise, t)?;
        let tt = mat_type(ts, range)?;
        let name = self.helper(format!("fx_m_select_{}", sig(ts)), |name| {
            let body = rows_of(&tt, rows, |i| {
                format!("select(b[{i}], a[{i}], c.{})", LANES[usize::from(i)])
            });
            format!("fn {name}(c: vec{rows}<bool>, a: {tt}, b: {tt}) -> {tt} {{ return {body}; }}")
        });
        Ok(format!("{name}({c}, {a}, {b})"))
    }

    /// `mul` whose result is an integer vector or matrix: vector × matrix, matrix × vector,
    /// matrix × matrix, written out as sums of products; a scalar factor is `*` by component.
    pub(super) fn integer_mul(
        &mut self,
        a: &Expr,
        b: &Expr,
        t: &Type,
        range: TextRange,
    ) -> Result<String> {
        let (at, bt) = (self.ty(a), self.ty(b));
        let (Some(sa), Some(sb), Some((base, ..))) = (shape(at), shape(bt), shape(t)) else {
            return unsupported(range, "'mul' with these types not supported yet");
        };
        if base == Base::Bool {
            return unsupported(range, "'mul' of bool matrices not supported");
        }
        if at.is_scalar() || bt.is_scalar() {
            let (x, y) = (self.expr(a)?, self.expr(b)?);
            return self.binary(BinaryOp::Multiply, x, at, y, bt, t, range);
        }
        let s = scalar(base);
        match (sa, sb) {
            ((_, r, 1), (_, mr, mc)) if mc > 1 && r >= mr => {
                let ms = (base, mr, mc);
                let x = self.expr_as(a, &Type::vector(base, mr))?;
                let m = self.expr_as(b, &Type::matrix(base, mr, mc))?;
                let mt = mat_type(ms, range)?;
                let name = self.helper(format!("fx_m_mulvm_{}", sig(ms)), |name| {
                    let terms: Vec<String> = (0..mr)
                        .map(|i| format!("v.{} * m[{i}]", LANES[usize::from(i)]))
                        .collect();
                    format!(
                        "fn {name}(v: vec{mr}<{s}>, m: {mt}) -> vec{mc}<{s}> {{ return {}; }}",
                        terms.join(" + ")
                    )
                });
                Ok(format!("{name}({x}, {m})"))
            }
            ((_, mr, mc), (_, r, 1)) if mc > 1 && r >= mc => {
                let ms = (base, mr, mc);
                let m = self.expr_as(a, &Type::matrix(base, mr, mc))?;
                let x = self.expr_as(b, &Type::vector(base, mc))?;
                let mt = mat_type(ms, range)?;
                let name = self.helper(format!("fx_m_mulmv_{}", sig(ms)), |name| {
                    let dot = |i: u8| {
                        let terms: Vec<String> = LANES[..usize::from(mc)]
                            .iter()
                            .map(|l| format!("m[{i}].{l} * v.{l}"))
                            .collect();
                        terms.join(" + ")
                    };
                    let body = rows_of(&format!("vec{mr}<{s}>"), mr, dot);
                    format!(
                        "fn {name}(m: {mt}, v: vec{mc}<{s}>) -> vec{mr}<{s}> {{ return {body}; }}"
                    )
                });
                Ok(format!("{name}({m}, {x})"))
            }
            ((_, ar, ac), (_, br, bc)) if ac > 1 && bc > 1 && ac == br => {
                let (xs, ys, rs) = ((base, ar, ac), (base, br, bc), (base, ar, bc));
                let x = self.expr_as(a, &Type::matrix(base, ar, ac))?;
                let y = self.expr_as(b, &Type::matrix(base, br, bc))?;
                let (xt, yt, rt) = (
                    mat_type(xs, range)?,
                    mat_type(ys, range)?,
                    mat_type(rs, range)?,
                );
                let name = self.helper(format!("fx_m_mulmm_{}_{}", sig(xs), sig(ys)), |name| {
                    let row = |i: u8| {
                        let terms: Vec<String> = (0..ac)
                            .map(|k| format!("a[{i}].{} * b[{k}]", LANES[usize::from(k)]))
                            .collect();
                        terms.join(" + ")
                    };
                    let body = rows_of(&rt, ar, row);
                    format!("fn {name}(a: {xt}, b: {yt}) -> {rt} {{ return {body}; }}")
                });
                Ok(format!("{name}({x}, {y})"))
            }
            _ => unsupported(range, "'mul' with these types not supported yet"),
        }
    }

    /// `transpose` of an integer or bool matrix: the result's row `j` gathers column `j`.
    pub(super) fn matrix_transpose(&mut self, a: &Expr, range: TextRange) -> Result<String> {
        let at = self.ty(a);
        let Some(from @ (base, rows, cols)) = shape(at) else {
            return unsupported(range, "'transpose' of this type not supported");
        };
        let to = (base, cols, rows);
        let (ft, tt) = (mat_type(from, range)?, mat_type(to, range)?);
        let row = row_type(to);
        let m = self.expr(a)?;
        let name = self.helper(format!("fx_m_transpose_{}", sig(from)), |name| {
            let body = rows_of(&tt, cols, |j| {
                let cells: Vec<String> = (0..rows)
                    .map(|i| format!("m[{i}].{}", LANES[usize::from(j)]))
                    .collect();
                format!("{row}({})", cells.join(", "))
            });
            format!("fn {name}(m: {ft}) -> {tt} {{ return {body}; }}")
        });
        Ok(format!("{name}({m})"))
    }
}
