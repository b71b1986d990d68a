//! The type of every ReShade FX expression, with the checks that need it: names, calls and
//! overloads, constructors, casts, members and swizzles, indexing, operators and assignments.
//! A part whose type cannot be known is [`Type::Error`] and reports nothing more.

use super::ast::*;
use super::check::{Checker, Signature};
use super::intrinsics;
use super::lexer::Base;
use super::types::{Type, candidate_ranks, rank, wider_base};
use crate::{DiagnosticCode, Severity};

impl Checker {
    /// The type of `e`, after reporting what is wrong inside it.
    pub(super) fn expr(&mut self, e: &Expr) -> Type {
        let ty = self.expr_type(e);
        self.facts.types.insert(e.range, ty.clone());
        ty
    }

    fn expr_type(&mut self, e: &Expr) -> Type {
        match &e.kind {
            ExprKind::Literal(l) => match l {
                Literal::Bool(_) => Type::BOOL,
                Literal::Int(_) => Type::INT,
                Literal::Uint(_) => Type::UINT,
                Literal::Float(_) => Type::FLOAT,
                Literal::String(_) => Type::String,
            },
            ExprKind::Name(path) => self.name(path),
            ExprKind::Unary { op, operand } => self.unary(*op, operand),
            ExprKind::Postfix { op, operand } => {
                let ty = self.expr(operand);
                let symbol = match op {
                    PostfixOp::Increment => "++",
                    PostfixOp::Decrement => "--",
                };
                if let Some(ty) = self.array_unary(symbol, ty.clone(), operand.range) {
                    return ty;
                }
                if ty.numeric().is_none() && !ty.is_error() {
                    let message = format!("'{}' : scalar, vector, or matrix expected", ty.name());
                    self.report(DiagnosticCode::InvalidUnaryOperand, operand.range, message);
                    return Type::Error;
                }
                self.assignable(operand);
                ty
            }
            ExprKind::Binary { op, lhs, rhs } => self.binary(*op, lhs, rhs, e.range),
            ExprKind::Assign { op, target, value } => self.assign(*op, target, value),
            ExprKind::Ternary {
                cond,
                then,
                otherwise,
            } => self.ternary(cond, then, otherwise, e.range),
            ExprKind::Cast { ty, operand } => self.cast(ty, operand, e.range),
            ExprKind::Construct { ty, args } => self.construct(ty, args),
            ExprKind::Call { callee, args } => self.call(callee, args),
            ExprKind::Member { base, member } => {
                let ty = self.expr(base);
                self.member(&ty, member)
            }
            ExprKind::Index { base, index } => self.index(base, index),
            ExprKind::Sequence(items) => items
                .iter()
                .map(|i| self.expr(i))
                .last()
                .unwrap_or(Type::Error),
            ExprKind::InitList(items) => {
                let types: Vec<Type> = items.iter().map(|i| self.expr(i)).collect();
                if types.iter().any(Type::is_error) {
                    Type::Error
                } else {
                    super::check_init::list_type(&types)
                }
            }
            ExprKind::Error => Type::Error,
        }
    }

    /// The types the checker gave a cast's operand and the cast itself, when it gave both.
    fn cast_types(&self, operand: &Expr, cast: &Expr) -> Option<(&Type, &Type)> {
        let types = &self.facts.types;
        types.get(&operand.range).zip(types.get(&cast.range))
    }

    fn name(&mut self, path: &Path) -> Type {
        if let Some(var) = self.variable(path) {
            if let Some(global) = self.global_name(path) {
                self.facts.globals.insert(path.range, global);
                let storage = matches!(
                    var.ty,
                    Type::Object {
                        kind: super::lexer::ObjectKind::Storage,
                        ..
                    }
                );
                if let (true, Some(f)) = (storage, self.current) {
                    self.storage_uses.entry(f).or_insert(path.range);
                }
            }
            return var.ty;
        }
        let message = if self.function_name(path).is_some() {
            format!("'{}' : a function is not a value", path.joined())
        } else {
            format!("'{}' : undeclared identifier", path.joined())
        };
        self.report(DiagnosticCode::UndeclaredIdentifier, path.range, message);
        Type::Error
    }

    fn unary(&mut self, op: UnaryOp, operand: &Expr) -> Type {
        let mut ty = self.expr(operand);
        // `!` casts its operand to a bool of its shape: an array's first element.
        if op == UnaryOp::Not {
            ty = self.array_operand(ty, operand.range);
        }
        if matches!(op, UnaryOp::PreIncrement | UnaryOp::PreDecrement) {
            self.assignable(operand);
        }
        let symbol = match op {
            UnaryOp::Plus => "+",
            UnaryOp::Negate => "-",
            UnaryOp::BitNot => "~",
            UnaryOp::PreIncrement => "++",
            UnaryOp::PreDecrement => "--",
            UnaryOp::Not => "!",
        };
        if let Some(ty) = self.array_unary(symbol, ty.clone(), operand.range) {
            return ty;
        }
        if op == UnaryOp::BitNot && !integral(&ty) {
            let message = format!("'{}' : int or unsigned int type required", ty.name());
            self.report(DiagnosticCode::InvalidUnaryOperand, operand.range, message);
            return Type::Error;
        }
        if ty.numeric().is_none() && !ty.is_error() {
            let message = format!("'{}' : operand must be numeric", ty.name());
            self.report(DiagnosticCode::InvalidUnaryOperand, operand.range, message);
            return Type::Error;
        }
        match op {
            UnaryOp::Not => ty.with_base(Base::Bool),
            _ => ty,
        }
    }

    /// `c ? a : b` as ReShade checks it: the condition a scalar or vector whose rows or columns
    /// match the value's (a `bool2` picks the rows of a `float2x2`; a scalar cannot), the values
    /// of one struct or array type or numeric, merged with truncation warnings.
    fn ternary(&mut self, cond: &Expr, then: &Expr, otherwise: &Expr, range: TextRange) -> Type {
        let mut c = self.expr(cond);
        // ReShade checks the condition with `is_vector()` too, and casts it to a bool vector.
        if let Type::Array(element, _) = &c
            && element.is_vector()
        {
            c = self.array_operand(c, cond.range);
        }
        let (a, b) = (self.expr(then), self.expr(otherwise));
        if c.is_error() || a.is_error() || b.is_error() {
            return Type::Error;
        }
        if !c.is_scalar() && !c.is_vector() {
            let message = format!("'{}' : boolean or vector expression expected", c.name());
            self.report(DiagnosticCode::NonBoolCondition, cond.range, message);
            return Type::Error;
        }
        if let (
            Type::Numeric {
                rows: cr, cols: cc, ..
            },
            Type::Numeric { rows, cols, .. },
        ) = (&c, &a)
            && cr != rows
            && cc != cols
        {
            let message = format!(
                "'{}' : dimension of conditional does not match value '{}'",
                c.name(),
                a.name()
            );
            self.report(DiagnosticCode::NonBoolCondition, cond.range, message);
            return Type::Error;
        }
        // The values merge as operands do (a matrix and a vector meet in a vector).
        if a.is_matrix() != b.is_matrix() && a.is_vector() != b.is_vector() {
            return self.matrix_with_vector(then, &a, otherwise, &b);
        }
        self.arithmetic(&a, &b, range)
    }

    fn binary(&mut self, op: BinaryOp, lhs: &Expr, rhs: &Expr, range: TextRange) -> Type {
        let (a, b) = (self.expr(lhs), self.expr(rhs));
        let (a, b) = if matches!(op, BinaryOp::Equal | BinaryOp::NotEqual) {
            (a, b)
        } else {
            (
                self.array_operand(a, lhs.range),
                self.array_operand(b, rhs.range),
            )
        };
        // `&`, `|` and `^` take integer (or bool) operands only (ReShade's X3082).
        if matches!(op, BinaryOp::BitAnd | BinaryOp::BitOr | BinaryOp::BitXor) {
            for (e, t) in [(lhs, &a), (rhs, &b)] {
                if !integral(t) {
                    let message = format!("'{}' : int or unsigned int type required", t.name());
                    self.report(DiagnosticCode::InvalidBinaryOperands, e.range, message);
                    return Type::Error;
                }
            }
        }
        let non_numeric = a.numeric().is_none() || b.numeric().is_none();
        if matches!(op, BinaryOp::Equal | BinaryOp::NotEqual)
            && non_numeric
            && !a.is_error()
            && !b.is_error()
        {
            self.non_numeric_equality(op, &a, &b, rhs.range, range);
            return Type::BOOL;
        }
        let result = if a.is_matrix() != b.is_matrix() && a.is_vector() != b.is_vector() {
            self.matrix_with_vector(lhs, &a, rhs, &b)
        } else {
            self.arithmetic(&a, &b, range)
        };
        if matches!(op, BinaryOp::Divide | BinaryOp::Modulo) {
            self.int_division_overflow(op, lhs, rhs, &result, range);
            self.integer_division_by_zero(op, &result, rhs);
        }
        if matches!(op, BinaryOp::ShiftLeft | BinaryOp::ShiftRight) && float_valued(&result) {
            // Reported, then typed as ReShade types it, so what it goes on to check is checked.
            let operand = if integral(&a) { rhs } else { lhs };
            self.float_shift(&result, operand.range);
        }
        use BinaryOp::*;
        match op {
            Equal | NotEqual | Less | Greater | LessEqual | GreaterEqual | And | Or => {
                result.with_base(Base::Bool)
            }
            // As in ReShade, arithmetic and bit operations on bools compute in `int`.
            _ if result.numeric().is_some_and(|n| n.0 == Base::Bool) => result.with_base(Base::Int),
            _ => result,
        }
    }

    /// An operand of an operator other than `==` and `!=` that is an array of vectors or
    /// matrices, as its first element. ReShade's front end checks an operand with `is_vector()`
    /// and `is_matrix()`, which look at the element only (`parse_expression_multary`), so it
    /// accepts the array and casts it to the operation's type: its HLSL's `(float3)a` reads
    /// the first element on Direct3D, while its SPIR-V is invalid and its GLSL rejected. An
    /// array of scalars is refused there (X3022), and here in `arithmetic`.
    fn array_operand(&mut self, ty: Type, range: TextRange) -> Type {
        let Some(element) = array_of_vectors(&ty) else {
            return ty;
        };
        let element = element.clone();
        let message = format!(
            "'{}' : an array as an operand is read as its first element, as ReShade's Direct3D \
             back ends read it; its Vulkan back end writes invalid SPIR-V for it, and OpenGL \
             rejects it",
            ty.name()
        );
        self.warn(DiagnosticCode::ImplicitTruncation, range, message);
        element
    }

    /// `+`, `-`, `~`, `++` or `--` on an array of vectors or matrices. ReShade's front end
    /// checks the operand with `is_vector()` and `is_matrix()`, which ignore the array, and the
    /// result keeps the array type. `+` emits nothing, so the value is the array; the others it
    /// emits on the array itself, which none of its back ends compile (an `OpFNegate` of an
    /// array; its HLSL converts the array to a vector and back). `~` still wants integers
    /// (X3082, `is_integral()` reads the base type).
    fn array_unary(&mut self, symbol: &str, ty: Type, range: TextRange) -> Option<Type> {
        let element = array_of_vectors(&ty)?;
        if symbol == "+" {
            return Some(ty);
        }
        if symbol == "~" && !integral(element) {
            let message = format!("'{}' : int or unsigned int type required", ty.name());
            self.report(DiagnosticCode::InvalidUnaryOperand, range, message);
            return Some(Type::Error);
        }
        let message = format!(
            "'{}' : '{symbol}' on an array; ReShade's compiler accepts it, but none of its back \
             ends compile it",
            ty.name()
        );
        self.report_back_end_reject(DiagnosticCode::InvalidUnaryOperand, range, message);
        // Typed as ReShade types it, so that what follows is checked as there (X3017 when it
        // initialises a vector).
        Some(ty)
    }

    /// `==` or `!=` with an operand that is no scalar, vector or matrix. ReShade's front end
    /// refuses only arrays and two different structs (X3020 at the right operand,
    /// `parse_expression_multary`); whatever else it accepts, its back ends refuse: HLSL and
    /// SPIR-V compare no structs (its SPIR-V is an `OpIEqual` on them), and none compares
    /// objects, strings or `void` (`conformance/backend_rejects.tsv`).
    fn non_numeric_equality(
        &mut self,
        op: BinaryOp,
        a: &Type,
        b: &Type,
        rhs: TextRange,
        range: TextRange,
    ) {
        let symbol = if op == BinaryOp::Equal { "==" } else { "!=" };
        let (a_name, b_name) = (a.name(), b.name());
        let is_struct = |t: &Type| matches!(t, Type::Struct(..));
        if matches!(a, Type::Array(..))
            || matches!(b, Type::Array(..))
            || ((is_struct(a) || is_struct(b)) && a != b)
        {
            let message = format!("'{a_name}' {symbol} '{b_name}' : type mismatch");
            self.report(DiagnosticCode::InvalidBinaryOperands, rhs, message);
        } else if is_struct(a) {
            let message = format!(
                "'{a_name}' {symbol} '{b_name}' : comparing structs; ReShade's compiler accepts \
                 it, but its Direct3D back ends reject it and its Vulkan one writes invalid \
                 SPIR-V (only OpenGL's GLSL compares structs)"
            );
            self.report_back_end_reject(DiagnosticCode::InvalidBinaryOperands, range, message);
        } else {
            let message = format!(
                "'{a_name}' {symbol} '{b_name}' : only scalars, vectors, matrices and structs \
                 compare; ReShade's compiler accepts this, but none of its back ends compile it"
            );
            self.report_back_end_reject(DiagnosticCode::InvalidBinaryOperands, range, message);
        }
    }

    /// An integer `/` or `%` in a function whose divisor is a constant zero (as the operation's
    /// type converts it: `i /= 0.5` divides by 0). ReShade's compiler does not fold it and says
    /// nothing (`evaluate_constant_expression`); its back ends leave the result to the GPU, where
    /// it is undefined. WGSL defines it, so fxbench's preview shows one answer of many: a
    /// warning, at the divisor.
    fn integer_division_by_zero(&mut self, op: BinaryOp, ty: &Type, divisor: &Expr) {
        let integer = !ty.is_error() && integral(ty);
        if self.current.is_none() || !integer {
            return;
        }
        if self.const_value(divisor).is_some_and(|v| v.trunc() == 0.0) {
            let (symbol, wgsl) = match op {
                BinaryOp::Divide => ("/", "the dividend"),
                _ => ("%", "0"),
            };
            let message = format!(
                "'{symbol}' : integer division by zero: ReShade leaves the result to the GPU, \
                 where it is undefined; fxbench's preview gives {wgsl}"
            );
            self.warn(DiagnosticCode::ConstDivideByZero, divisor.range, message);
        }
    }

    /// The one `int` quotient that does not fit an `int`, of constants: `-2147483648 / -1` (and
    /// its `%`). ReShade's compiler folds it with the machine's division, which faults: its
    /// process stops (it crashes the game it runs in), so no runtime compiles the effect.
    fn int_division_overflow(
        &mut self,
        op: BinaryOp,
        lhs: &Expr,
        rhs: &Expr,
        result: &Type,
        range: TextRange,
    ) {
        let int = result.numeric().is_some_and(|n| n.0 == Base::Int);
        let overflows = int
            && self.const_value(lhs) == Some(f64::from(i32::MIN))
            && self.const_value(rhs) == Some(-1.0);
        if overflows {
            let symbol = if op == BinaryOp::Divide { "/" } else { "%" };
            let message = format!(
                "'{symbol}' : -2147483648 {symbol} -1 overflows an int: ReShade's compiler \
                 stops with a division fault as it folds these constants"
            );
            self.report(DiagnosticCode::ConstDivideByZero, range, message);
        }
    }

    /// A shift computed in a floating-point type. ReShade's front end accepts it (shifts are
    /// arithmetic in `parse_expression_multary`), but none of its back ends compile the code it
    /// writes (HLSL's X3082, SPIR-V's integer-only `OpShift*`), so no ReShade runtime runs it
    /// (`conformance/backend_rejects.tsv`).
    fn float_shift(&mut self, ty: &Type, range: TextRange) {
        let message = format!(
            "'{}' : shifts need int or unsigned int operands; ReShade's compiler accepts this, \
             but none of its back ends compile it",
            ty.name()
        );
        self.report_back_end_reject(DiagnosticCode::InvalidBinaryOperands, range, message);
    }

    /// The type two numeric operands are brought to: the wider element type; a scalar takes the
    /// other's shape; vectors of different sizes truncate to the smaller (with a warning).
    pub(super) fn arithmetic(&mut self, a: &Type, b: &Type, range: TextRange) -> Type {
        if a.is_error() || b.is_error() {
            return Type::Error;
        }
        let (Some((ab, ar, ac)), Some((bb, br, bc))) = (a.numeric(), b.numeric()) else {
            let message = format!(
                "'{}' and '{}' : operands must be numeric",
                a.name(),
                b.name()
            );
            self.report(DiagnosticCode::InvalidBinaryOperands, range, message);
            return Type::Error;
        };
        let base = wider_base(ab, bb);
        let (rows, cols) = if a.is_scalar() {
            (br, bc)
        } else if b.is_scalar() || (ar, ac) == (br, bc) {
            (ar, ac)
        } else if (ac > 1) != (bc > 1) {
            let message = format!("'{}' and '{}' : operand shapes differ", a.name(), b.name());
            self.report(DiagnosticCode::InvalidBinaryOperands, range, message);
            return Type::Error;
        } else {
            let smaller = (ar.min(br), ac.min(bc));
            let message = format!(
                "'{}' and '{}' : implicit truncation of vector type",
                a.name(),
                b.name()
            );
            self.warn(DiagnosticCode::ImplicitTruncation, range, message);
            smaller
        };
        Type::Numeric { base, rows, cols }
    }

    /// A matrix and a vector under one operator (`float3x3 * float3` is not `mul`): as in
    /// ReShade, both become the smaller shape, a vector, and the matrix gives its first
    /// components in row-major order; each operand that loses components is warned about.
    fn matrix_with_vector(&mut self, lhs: &Expr, a: &Type, rhs: &Expr, b: &Type) -> Type {
        let (Some((ab, ar, ac)), Some((bb, br, bc))) = (a.numeric(), b.numeric()) else {
            return Type::Error;
        };
        let result = Type::Numeric {
            base: wider_base(ab, bb),
            rows: ar.min(br),
            cols: ac.min(bc),
        };
        for (operand, ty) in [(lhs, a), (rhs, b)] {
            if ty.components() > result.components() {
                self.warn_truncation(ty, &result, operand.range);
            }
        }
        result
    }

    /// As in ReShade (`parse_expression_assignment`), the value must rank as a conversion
    /// *from the target's type to its own* (`type::rank(lhs, rhs)`, the operands the other way
    /// round than for an initialiser): so a narrower vector or a scalar is assigned (widened by
    /// repeating its last component), a wider vector is not (`float3 = float4` is "cannot
    /// convert these types"), and a scalar never becomes a matrix (`m = 1`, `m += 1`). A value
    /// with more components than the target warns that it is truncated.
    ///
    /// ReShade's order, each error ending the assignment: the target's own errors, the value's,
    /// then writability, the conversion and a bitwise operator on a float target.
    fn assign(&mut self, op: Option<BinaryOp>, target: &Expr, value: &Expr) -> Type {
        let to = self.expr(target);
        if to.is_error() {
            return Type::Error;
        }
        self.note_sampler_assignment(target, &to);
        // A list is an array of its elements' merged type, checked as an initialiser is.
        if op.is_none() && matches!(value.kind, ExprKind::InitList(_)) {
            self.assignable(target);
            self.check_init(value, &to);
            return to;
        }
        let from = self.expr(value);
        if from.is_error() || self.assignable(target) {
            return to;
        }
        if rank(&to, &from) == 0 {
            let message = format!("'{}' : cannot convert to '{}'", from.name(), to.name());
            self.report(DiagnosticCode::AssignTypeMismatch, value.range, message);
            return to;
        }
        let bitwise = matches!(
            op,
            Some(BinaryOp::BitAnd | BinaryOp::BitOr | BinaryOp::BitXor)
        );
        if bitwise && !integral(&to) {
            let message = format!("'{}' : int or unsigned int type required", to.name());
            self.report(DiagnosticCode::InvalidBinaryOperands, target.range, message);
            return to;
        }
        if matches!(op, Some(BinaryOp::ShiftLeft | BinaryOp::ShiftRight)) && float_valued(&to) {
            self.float_shift(&to, target.range);
        }
        if let Some(op @ (BinaryOp::Divide | BinaryOp::Modulo)) = op {
            self.integer_division_by_zero(op, &to, value);
        }
        if from.numeric().is_some() && to.numeric().is_some() && from.components() > to.components()
        {
            self.warn_truncation(&from, &to, value.range);
        }
        to
    }

    /// Reports `target` when it cannot be assigned to: not a variable, or a read-only one.
    /// Whether it was reported.
    pub(super) fn assignable(&mut self, target: &Expr) -> bool {
        let mut root = target;
        let mut repeated = false;
        // Through a cast of a scalar to a vector (`(float2)f`, a place `f.xx` in ReShade).
        let mut widened = false;
        loop {
            // A swizzle naming a component twice (`v.xx`, `m._m00_m00`, a scalar's `.xx`) is
            // not writable.
            if let ExprKind::Member { member, base } = &root.kind {
                let numeric = self
                    .facts
                    .types
                    .get(&base.range)
                    .is_some_and(|t| t.numeric().is_some());
                repeated |= numeric && repeats_a_component(&member.name);
            }
            root = match &root.kind {
                ExprKind::Member { base, .. } | ExprKind::Index { base, .. } => base,
                // A cast to the operand's own type or a shorter vector of its base type is the
                // operand or a swizzle of it, as writable as it (`place_casts`).
                _ => match super::place_casts::cast_operand(root) {
                    Some(operand)
                        if self.cast_types(operand, root).is_some_and(|(from, to)| {
                            super::place_casts::cast_place(from, to).is_some()
                        }) =>
                    {
                        self.facts.place_casts = true;
                        operand
                    }
                    Some(operand)
                        if self.cast_types(operand, root).is_some_and(|(from, to)| {
                            super::place_casts::widening_place(from, to)
                        }) =>
                    {
                        widened = true;
                        operand
                    }
                    _ => break,
                },
            };
        }
        let read_only = repeated
            || match &root.kind {
                ExprKind::Name(path) => self.variable(path).is_some_and(|v| v.read_only),
                ExprKind::Error => false,
                _ => true,
            };
        if read_only {
            let shown = match &root.kind {
                ExprKind::Name(path) => path.joined().into_owned(),
                _ => "expression".to_string(),
            };
            let message = format!("'{shown}' : l-value specifies a read-only value");
            self.report(DiagnosticCode::AssignTypeMismatch, target.range, message);
            return true;
        }
        if widened {
            // ReShade keeps `(float2)f` writable as `f.xx`, which no back end stores to
            // (`conformance/backend_rejects.tsv`).
            let message = "'expression' : a cast of a scalar to a vector is a place with a \
                           repeated component (`f.xx`); ReShade's compiler accepts this, but \
                           none of its back ends compile it"
                .to_string();
            self.report_back_end_reject(DiagnosticCode::AssignTypeMismatch, target.range, message);
        }
        false
    }

    /// `(T)x`: allowed where `x` converts to `T` at all (ReShade's rank is not 0). So no
    /// widening (`(float4)float2`), no matrix reshaping, and no struct from anything but the
    /// same struct: ReShade rejects `(S)0` ("cannot convert these types"), pointing at the `(`.
    fn cast(&mut self, ty: &TypeRef, operand: &Expr, range: TextRange) -> Type {
        let to = self.resolve_type(ty);
        let from = self.expr(operand);
        if rank(&from, &to) == 0 {
            let message = format!(
                "'{}' : cannot convert these types (from '{}' to '{}')",
                from.name(),
                from.name(),
                to.name()
            );
            let at = TextRange::new(range.start as usize, range.start as usize + 1);
            self.report(DiagnosticCode::InvalidConversion, at, message);
        }
        to
    }

    fn construct(&mut self, ty: &TypeRef, args: &[Expr]) -> Type {
        let to = self.resolve_type(ty);
        let Some(types) = self.constructor_arguments(args) else {
            return to;
        };
        if to.is_error() {
            return to;
        }
        // Exactly the type's components: ReShade's constructors do not splat (`float3(1)`). An
        // array counts its element's (`components()` ignores the length).
        let given: u32 = types.iter().map(|t| t.array_element().components()).sum();
        if given != to.components() {
            let message = format!(
                "'{}' : wrong number of components ({given} given, {} expected)",
                to.name(),
                to.components()
            );
            self.report(DiagnosticCode::ConstructorArgCount, ty.range, message);
            return to;
        }
        for (arg, t) in args.iter().zip(&types) {
            self.array_constructor_argument(arg.range, t, args.len() == 1);
        }
        to
    }

    /// An array as a constructor's argument, which ReShade's constructors take (they check
    /// `is_numeric()`, the base type). Alone it is a cast, HLSL's flat cast on Direct3D: the
    /// first element (ReShade's SPIR-V and GLSL are invalid). Among others, an array of scalars
    /// is indexed as ReShade flattens a vector, so every back end reads its first element; an
    /// array of vectors or matrices is flattened twice, into more components than the type
    /// has, which none of its back ends compile.
    fn array_constructor_argument(&mut self, range: TextRange, ty: &Type, alone: bool) {
        let Type::Array(element, _) = ty else {
            return;
        };
        if alone || element.is_scalar() {
            let message = format!(
                "'{}' : an array as a constructor's argument is read as its first element{}",
                ty.name(),
                if alone {
                    ", as ReShade's Direct3D back ends read it; its Vulkan back end writes \
                     invalid SPIR-V for it, and OpenGL rejects it"
                } else {
                    ", as ReShade reads it"
                }
            );
            self.warn(DiagnosticCode::ImplicitTruncation, range, message);
        } else {
            let message = format!(
                "'{}' : an array of vectors or matrices among a constructor's arguments; \
                 ReShade's compiler accepts it, but none of its back ends compile it (it \
                 flattens the array into more components than the type has)",
                ty.name()
            );
            self.report_back_end_reject(DiagnosticCode::ConstructorArgType, range, message);
        }
    }

    /// A constructor's arguments checked as ReShade reads them, each whole before the next: an
    /// error in one, or one that is not numeric, ends the constructor. Their types when none
    /// did.
    pub(super) fn constructor_arguments(&mut self, args: &[Expr]) -> Option<Vec<Type>> {
        let mut types = Vec::with_capacity(args.len());
        for arg in args {
            let t = self.expr(arg);
            if t.is_error() {
                return None;
            }
            if t.numeric().is_none() && t.array_element().numeric().is_none() {
                let message = format!("'{}' : constructor argument must be numeric", t.name());
                self.report(DiagnosticCode::ConstructorArgType, arg.range, message);
                return None;
            }
            types.push(t);
        }
        Some(types)
    }

    /// Reports `callee` when it names a variable or a struct, which ReShade does as soon as
    /// it reads the `(` after it, before the arguments (a struct's name reads as a type there,
    /// and only numeric types construct). Whether it was reported.
    pub(super) fn callee_is_variable(&mut self, callee: &Path) -> bool {
        if self
            .find_candidate(callee, |n| self.struct_names.get(n).copied())
            .is_some()
        {
            let name = callee.joined();
            let message = format!("'{name}' : constructors only defined for numeric base types");
            self.report(DiagnosticCode::ConstructorArgType, callee.range, message);
            return true;
        }
        if self.variable(callee).is_none() {
            return false;
        }
        let name = callee.joined();
        let message = format!("'{name}' : identifier represents a variable, not a function");
        self.report(DiagnosticCode::UndefinedFunction, callee.range, message);
        true
    }

    /// What ReShade checked of a call or constructor cut off in its argument list: a callee
    /// that is a variable, then the arguments read, and a constructor's as it checks them.
    pub(super) fn unfinished(&mut self, read: &Unfinished) {
        match &read.head {
            UnfinishedHead::Call(callee) => {
                if !self.callee_is_variable(callee) {
                    read.args.iter().for_each(|a| _ = self.expr(a));
                }
            }
            UnfinishedHead::Construct(_) => _ = self.constructor_arguments(&read.args),
        }
    }

    fn call(&mut self, callee: &Path, args: &[Expr]) -> Type {
        // A variable (or struct) of the name hides every function of it, built-ins included.
        if self.callee_is_variable(callee) {
            return Type::Error;
        }
        let before = self.findings.len();
        let types: Vec<Type> = args.iter().map(|a| self.expr(a)).collect();
        // ReShade parses the arguments before it looks the callee up, and an error in one
        // abandons the call: the callee is never resolved, so it is never reported.
        if self.findings[before..]
            .iter()
            .any(|f| f.severity == Severity::Error && !f.reshade_accepts)
        {
            return Type::Error;
        }
        let name = callee.joined();
        // Outside a function body (a global's initialiser, an annotation, a property) any call
        // is refused once its arguments are read, before the callee is looked up: ReShade's
        // X3005, which abandons the rest of the expression.
        if self.current.is_none() {
            let message = format!("'{name}' : invalid function call outside of a function");
            self.report(DiagnosticCode::NonConstInitializer, callee.range, message);
            return Type::Error;
        }
        let simple = callee.segments.len() == 1 && !callee.absolute;
        if let Some(qualified) = self.function_name(callee) {
            // ReShade tries the built-ins only when no user function of the name is viable.
            let intrinsic_fits = simple
                && matches!(
                    intrinsics::resolve(&name, &types),
                    intrinsics::Resolution::Unique(_) | intrinsics::Resolution::Ambiguous
                );
            if !intrinsic_fits || self.user_function_viable(&qualified, &types) {
                return self.overload(&qualified, callee, args, &types);
            }
        }
        if simple && super::check_atomic::is_atomic(&name) {
            return self.atomic_call(&name, callee, args, &types);
        }
        if simple && let Some(ty) = self.intrinsic_call(&name, callee, args, &types) {
            return ty;
        }
        let message = format!("'{name}' : undefined function");
        self.report(DiagnosticCode::UndefinedFunction, callee.range, message);
        Type::Error
    }

    /// Picks the overload of `name` that ranks best for `types` (ReShade's rule: each
    /// candidate's ranks sorted from best, compared in order); reports no match or a tie.
    fn overload(&mut self, name: &str, callee: &Path, args: &[Expr], types: &[Type]) -> Type {
        let overloads = self.functions.get(name).map(Vec::as_slice).unwrap_or(&[]);
        let ranked: Vec<(Vec<u32>, &Signature)> = overloads
            .iter()
            .filter(|o| o.takes(types.len()))
            .filter_map(|o| Some((candidate_ranks(types, &o.params)?, o)))
            .collect();
        let best = ranked.iter().map(|(r, _)| r).max().cloned();
        let winners: Vec<&Signature> = ranked
            .iter()
            .filter(|(r, _)| Some(r) == best.as_ref())
            .map(|(_, o)| *o)
            .collect();
        let shown: Vec<String> = types.iter().map(Type::name).collect();
        if let [one] = winners.as_slice() {
            self.facts.calls.insert(callee.range, one.id);
        }
        if let ([one], Some(caller)) = (winners.as_slice(), self.current) {
            self.calls.push((caller, one.id, callee.range));
            self.callees.entry(caller).or_default().push(one.id);
        }
        let callee_id = winners.first().map(|one| one.id);
        let (ret, params, outs, problem) = match winners.as_slice() {
            [one] => (one.ret.clone(), one.params.clone(), one.outs.clone(), None),
            [] => (
                Type::Error,
                Vec::new(),
                Vec::new(),
                Some("no matching overload for"),
            ),
            _ => (
                Type::Error,
                Vec::new(),
                Vec::new(),
                Some("ambiguous call with"),
            ),
        };
        if let Some(problem) = problem {
            if !types.iter().any(Type::is_error) {
                let message = format!("'{}' : {problem} ({})", callee.joined(), shown.join(", "));
                self.report(DiagnosticCode::NoMatchingOverload, callee.range, message);
            }
            return ret;
        }
        let outs = args.iter().zip(types).zip(outs).enumerate();
        for (k, ((arg, ty), _)) in outs.filter(|(_, (_, out))| *out) {
            // An object global (texture, sampler, storage) is no const in ReShade, so it may be
            // an `out` argument, though assigning it directly is refused.
            if !matches!(ty, Type::Object { .. }) {
                self.assignable(arg);
            }
            if let Some(id) = callee_id {
                self.note_sampler_out_argument(id, k, arg, ty);
            }
        }
        self.warn_truncated_arguments(args, types, &params);
        ret
    }

    fn index(&mut self, base: &Expr, index: &Expr) -> Type {
        let ty = self.expr(base);
        let i = self.expr(index);
        let integral = matches!(
            i.numeric(),
            Some((Base::Bool | Base::Int | Base::Uint, 1, 1))
        );
        if !i.is_error() && !integral {
            let message = format!("'{}' : index must be an integer scalar", i.name());
            self.report(DiagnosticCode::NonIntegerIndex, index.range, message);
        }
        // A constant index into an array of known size is checked against it (ReShade's
        // X3504), negative ones read as unsigned, so past the end.
        if let Type::Array(_, Some(length)) = &ty
            && integral
            && let Some(v) = self.const_value(index)
            && (v < 0.0 || v >= f64::from(*length))
        {
            let message = format!("'{v}' : array index out of bounds (array of {length})");
            self.report(DiagnosticCode::IndexOutOfBounds, index.range, message);
        }
        match ty {
            Type::Array(element, _) => *element,
            Type::Numeric { base, cols, .. } if cols > 1 => Type::vector(base, cols),
            Type::Numeric { base, rows, .. } if rows > 1 => Type::scalar(base),
            Type::Error => Type::Error,
            other => {
                let message = format!("'{}' : cannot be indexed", other.name());
                self.report(DiagnosticCode::NonIndexableType, base.range, message);
                Type::Error
            }
        }
    }

    /// A struct member, a vector swizzle (`xyzw` or `rgba`) or a matrix swizzle (`_m00`, `_11`).
    fn member(&mut self, ty: &Type, member: &Ident) -> Type {
        let name = member.name.as_str();
        match ty {
            Type::Error => Type::Error,
            Type::Struct(i, struct_name) => {
                let field = self
                    .structs
                    .get(*i)
                    .and_then(|s| s.fields.iter().find(|(n, _)| n == name));
                match field {
                    Some((_, t)) => t.clone(),
                    None => {
                        let message = format!("'{name}' : not a member of '{struct_name}'");
                        self.report(
                            DiagnosticCode::UndeclaredStructMember,
                            member.range,
                            message,
                        );
                        Type::Error
                    }
                }
            }
            Type::Numeric { base, rows, cols } => {
                let count = if *cols > 1 {
                    matrix_swizzle(name, *rows, *cols)
                } else if *rows == 1 {
                    scalar_swizzle(name)
                } else {
                    vector_swizzle(name, *rows)
                };
                match count {
                    Some(1) => Type::scalar(*base),
                    Some(n) => Type::vector(*base, n),
                    None => {
                        let message = format!("'{name}' : invalid swizzle of '{}'", ty.name());
                        self.report(DiagnosticCode::InvalidSwizzle, member.range, message);
                        Type::Error
                    }
                }
            }
            other => {
                let message = format!("'{name}' : '{}' has no members", other.name());
                self.report(DiagnosticCode::InvalidSwizzle, member.range, message);
                Type::Error
            }
        }
    }
}

/// Whether `t` is an integer or bool type (or unknown), as bit operators need.
pub(super) fn integral(t: &Type) -> bool {
    t.is_error()
        || matches!(
            t.numeric(),
            Some((Base::Bool | Base::Int | Base::Uint, _, _))
        )
}

/// Whether `t` computes in floating point (a shift there is no back end's; an error type
/// never is, having been reported).
fn float_valued(t: &Type) -> bool {
    t.numeric().is_some_and(|(base, _, _)| base == Base::Float)
}

/// Whether a swizzle names one component twice, which makes it read-only.
fn repeats_a_component(name: &str) -> bool {
    if name.starts_with('_') {
        let parts: Vec<&str> = name.split('_').skip(1).collect();
        return parts
            .iter()
            .enumerate()
            .any(|(i, p)| parts[..i].contains(p));
    }
    // On a scalar every letter is its one component (`.xx`, `.xr`).
    let bytes = name.as_bytes();
    let scalar = bytes.iter().all(|b| b"xrs".contains(b));
    (scalar && bytes.len() > 1)
        || bytes
            .iter()
            .enumerate()
            .any(|(i, b)| bytes[..i].contains(b))
}

/// A swizzle of a scalar, as ReShade takes it: one to four of `x`, `r` and `s`.
fn scalar_swizzle(name: &str) -> Option<u8> {
    let valid = (1..=4).contains(&name.len()) && name.bytes().all(|b| b"xrs".contains(&b));
    valid.then_some(name.len() as u8)
}

/// How many components a vector swizzle selects from a vector of `size`, if it is valid: one to
/// four of `xyzw`, of `rgba` or of `stpq` (not mixed), each within the vector.
fn vector_swizzle(name: &str, size: u8) -> Option<u8> {
    let sets = ["xyzw", "rgba", "stpq"];
    let set = sets.iter().find(|s| name.chars().all(|c| s.contains(c)))?;
    let valid = (1..=4).contains(&name.len())
        && name
            .chars()
            .all(|c| set.find(c).is_some_and(|i| i < usize::from(size)));
    valid.then_some(name.len() as u8)
}

/// How many elements a matrix swizzle selects (`_m00_m12`: zero-based, `_11_23`: one-based),
/// if each is within a `rows`×`cols` matrix.
fn matrix_swizzle(name: &str, rows: u8, cols: u8) -> Option<u8> {
    let mut count = 0u8;
    // One form throughout: `_m00_11` mixes them.
    let zero_based = name.starts_with("_m");
    for part in name.split('_').skip(1) {
        if part.starts_with('m') != zero_based {
            return None;
        }
        let (digits, first) = match part.strip_prefix('m') {
            Some(d) => (d, b'0'),
            None => (part, b'1'),
        };
        let [r, c] = digits.as_bytes() else {
            return None;
        };
        let in_range = |d: u8, n: u8| d >= first && d < first + n;
        if !in_range(*r, rows) || !in_range(*c, cols) {
            return None;
        }
        count += 1;
    }
    (name.starts_with('_') && (1..=4).contains(&count)).then_some(count)
}

/// The element of an array of vectors or matrices, which ReShade's `is_vector()` and
/// `is_matrix()` take for the element.
fn array_of_vectors(ty: &Type) -> Option<&Type> {
    match ty {
        Type::Array(element, _)
            if element
                .numeric()
                .is_some_and(|(_, rows, cols)| rows > 1 || cols > 1) =>
        {
            Some(element)
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn swizzles() {
        assert_eq!(vector_swizzle("xyz", 3), Some(3));
        assert_eq!(vector_swizzle("rgba", 4), Some(4));
        assert_eq!(vector_swizzle("xw", 3), None);
        assert_eq!(vector_swizzle("xg", 4), None);
        assert_eq!(vector_swizzle("xxxxx", 4), None);
        assert_eq!(vector_swizzle("x", 1), Some(1));
        assert_eq!(matrix_swizzle("_m00_m11", 2, 2), Some(2));
        assert_eq!(matrix_swizzle("_11_44", 4, 4), Some(2));
        assert_eq!(matrix_swizzle("_m30", 3, 3), None);
        assert_eq!(matrix_swizzle("_44", 3, 3), None);
        assert_eq!(matrix_swizzle("x", 3, 3), None);
        assert_eq!(matrix_swizzle("_m00_11", 2, 2), None);
        assert_eq!(vector_swizzle("qpts", 4), Some(4));
        assert_eq!(scalar_swizzle("xrs"), Some(3));
        assert!(repeats_a_component("xx") && repeats_a_component("_m00_m00"));
        assert!(!repeats_a_component("xy") && !repeats_a_component("_11_22"));
    }
}
