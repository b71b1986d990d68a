//! Expressions and types, read and lowered as naga's parser (`parse/mod.rs`: precedence
//! climbing, unary operators, postfix selectors; its spans) and lowerer
//! (`Lowerer::expression_for_reference`, `binary`, `logical`) make them.

use naga::{Expression, Handle, Span, TypeInner};

use super::Unread;
use super::function::{FnLowerer, Result, Site, Typed, const_u32};
use super::lexer::{Number, Tok};

/// A binary operator's precedence (1 for `||` up to 10 for `*`) and naga's operator.
fn binary_operator(tok: Tok<'_>) -> Option<(u8, naga::BinaryOperator)> {
    use naga::BinaryOperator as Bo;
    let Tok::Sym(s) = tok else {
        return None;
    };
    Some(match s {
        "||" => (1, Bo::LogicalOr),
        "&&" => (2, Bo::LogicalAnd),
        "|" => (3, Bo::InclusiveOr),
        "^" => (4, Bo::ExclusiveOr),
        "&" => (5, Bo::And),
        "==" => (6, Bo::Equal),
        "!=" => (6, Bo::NotEqual),
        "<=" => (7, Bo::LessEqual),
        "<" => (7, Bo::Less),
        ">" => (7, Bo::Greater),
        ">=" => (7, Bo::GreaterEqual),
        "<<" => (8, Bo::ShiftLeft),
        ">>" => (8, Bo::ShiftRight),
        "+" => (9, Bo::Add),
        "-" => (9, Bo::Subtract),
        "*" => (10, Bo::Multiply),
        "/" => (10, Bo::Divide),
        "%" => (10, Bo::Modulo),
        _ => return None,
    })
}

impl<'a> FnLowerer<'a, '_> {
    /// naga's `expression`: the value, concrete.
    pub fn expression(&mut self, site: &mut Site) -> Result<Handle<Expression>> {
        let value = self.expression_for_abstract(site)?;
        self.concretize(site, value)
    }

    /// naga's `expression_for_abstract`: the value (Load Rule applied).
    pub fn expression_for_abstract(&mut self, site: &mut Site) -> Result<Handle<Expression>> {
        let typed = self.binary(site, 1)?;
        self.load(site, typed)
    }

    /// Binary operators by precedence climbing; each node spans from its left operand's
    /// start to its right operand's end.
    fn binary(&mut self, site: &mut Site, min: u8) -> Result<Typed> {
        let start = self.start();
        let mut acc = self.unary(site)?;
        while let Some((precedence, op)) = binary_operator(self.peek()) {
            if precedence < min {
                break;
            }
            self.next()?;
            acc = if matches!(
                op,
                naga::BinaryOperator::LogicalAnd | naga::BinaryOperator::LogicalOr
            ) {
                let left = self.load(site, acc)?;
                self.logical(site, op, left, precedence, start)?
            } else {
                let mut left = self.load(site, acc)?;
                let right = self.binary(site, precedence + 1)?;
                let mut right = self.load(site, right)?;
                self.binary_op_splat(site, op, &mut left, &mut right)?;
                self.binary_conversions(site, op, &mut left, &mut right)?;
                let span = self.since(start);
                Typed::Plain(self.append(site, Expression::Binary { op, left, right }, span)?)
            };
        }
        Ok(acc)
    }

    /// The automatic conversions of a binary operator's operands (`automatic_conversion_consensus`):
    /// none for two operands of one concrete scalar; an abstract operand beside a concrete one
    /// converted to its scalar; two abstract operands are left to naga.
    fn binary_conversions(
        &mut self,
        site: &mut Site,
        op: naga::BinaryOperator,
        left: &mut Handle<Expression>,
        right: &mut Handle<Expression>,
    ) -> Result<()> {
        let types = |this: &mut Self, h| {
            let (inner, types) = this.inner(h)?;
            Ok(super::function::convertible_scalar(inner, types))
        };
        let l = types(self, *left)?;
        let r = types(self, *right)?;
        if matches!(
            op,
            naga::BinaryOperator::ShiftLeft | naga::BinaryOperator::ShiftRight
        ) {
            // The right operand must already be `u32` and the left concrete.
            return match (l, r) {
                (Some(l), Some(naga::Scalar::U32)) if !l.is_abstract() => Ok(()),
                _ => Err(Unread),
            };
        }
        // The consensus of one abstract and one concrete scalar is the concrete one, the
        // abstract operand converted (`convert_to_leaf_scalar`, folded): `i32(x) - 1`.
        let converts = |from: naga::Scalar, to: naga::Scalar| match from.kind {
            naga::ScalarKind::AbstractInt => !to.is_abstract(),
            naga::ScalarKind::AbstractFloat => to.kind == naga::ScalarKind::Float,
            _ => false,
        };
        match (l, r) {
            (Some(l), Some(r)) if l == r && !l.is_abstract() => Ok(()),
            (Some(l), Some(r)) if !r.is_abstract() && converts(l, r) => {
                *left = self.convert_leaf(site, *left, r)?;
                Ok(())
            }
            (Some(l), Some(r)) if !l.is_abstract() && converts(r, l) => {
                *right = self.convert_leaf(site, *right, l)?;
                Ok(())
            }
            _ => Err(Unread),
        }
    }

    /// `Splat`s for `scalar op vector` under `+ - / %` (`binary_op_splat`).
    pub fn binary_op_splat(
        &mut self,
        site: &mut Site,
        op: naga::BinaryOperator,
        left: &mut Handle<Expression>,
        right: &mut Handle<Expression>,
    ) -> Result<()> {
        use naga::BinaryOperator as Bo;
        if !matches!(op, Bo::Add | Bo::Subtract | Bo::Divide | Bo::Modulo) {
            return Ok(());
        }
        let l = vector_size(self.inner(*left)?.0);
        let r = vector_size(self.inner(*right)?.0);
        match (l, r) {
            (Some(Some(size)), Some(None)) => {
                let span = self.function.expressions.get_span(*right);
                *right = self.append(
                    site,
                    Expression::Splat {
                        size,
                        value: *right,
                    },
                    span,
                )?;
            }
            (Some(None), Some(Some(size))) => {
                let span = self.function.expressions.get_span(*left);
                *left = self.append(site, Expression::Splat { size, value: *left }, span)?;
            }
            _ => {}
        }
        Ok(())
    }

    /// `&&` and `||` at run time, short-circuiting as naga lowers them: a `bool` local set in
    /// an `if` on the left operand.
    fn logical(
        &mut self,
        site: &mut Site,
        op: naga::BinaryOperator,
        left: Handle<Expression>,
        precedence: u8,
        start: u32,
    ) -> Result<Typed> {
        if !matches!(self.inner(left)?.0, TypeInner::Scalar(naga::Scalar::BOOL)) {
            return Err(Unread);
        }
        // The span is the whole expression's, known once the right operand is read; naga
        // gives it to every expression and statement it makes here. The right operand is
        // read into a block of its own first, then the expressions before it are made.
        let condition = left;
        let else_value = naga::Literal::Bool(op == naga::BinaryOperator::LogicalOr);
        // What naga appends before the right operand depends on the span, which is only known
        // after reading it: read ahead to find where the right operand ends.
        let end = self.operand_end(precedence + 1)?;
        let span = Span::new(start, end);
        let condition = if op == naga::BinaryOperator::LogicalOr {
            let not = Expression::Unary {
                op: naga::UnaryOperator::LogicalNot,
                expr: condition,
            };
            self.append(site, not, span)?
        } else {
            condition
        };
        let else_value = self.append(site, Expression::Literal(else_value), span)?;
        let bool_ty = self.module.types.insert(
            naga::Type {
                name: None,
                inner: TypeInner::Scalar(naga::Scalar::BOOL),
            },
            Span::UNDEFINED,
        );
        let var = self.function.local_variables.append(
            naga::LocalVariable {
                name: None,
                ty: bool_ty,
                init: None,
            },
            span,
        );
        let pointer = self.append(site, Expression::LocalVariable(var), span)?;
        site.block
            .extend(site.emitter.finish(&self.function.expressions));
        site.emitter.start(&self.function.expressions);
        let mut accept = naga::Block::new();
        {
            let mut nested = Site {
                block: &mut accept,
                emitter: site.emitter,
            };
            let right = self.binary(&mut nested, precedence + 1)?;
            let right = self.load(&mut nested, right)?;
            self.inner(right)?;
            nested
                .block
                .extend(nested.emitter.finish(&self.function.expressions));
            nested.emitter.start(&self.function.expressions);
            accept.push(
                naga::Statement::Store {
                    pointer,
                    value: right,
                },
                span,
            );
        }
        let mut reject = naga::Block::with_capacity(1);
        reject.push(
            naga::Statement::Store {
                pointer,
                value: else_value,
            },
            span,
        );
        site.block.push(
            naga::Statement::If {
                condition,
                accept,
                reject,
            },
            span,
        );
        // naga returns the variable as a new expression, appended after the `if`.
        let result = self.append(site, Expression::LocalVariable(var), span)?;
        Ok(Typed::Reference(result))
    }

    /// Where the operand read from here at `min` precedence ends, without reading it.
    fn operand_end(&self, min: u8) -> Result<u32> {
        let mut depth = 0usize;
        let mut at = self.pos;
        let mut end = self.last_end;
        while let Some(token) = self.toks.get(at) {
            match token.tok {
                Tok::Sym("(" | "[") => depth += 1,
                Tok::Sym(")" | "]") if depth == 0 => break,
                Tok::Sym(")" | "]") => depth -= 1,
                Tok::Sym("," | ";" | "{" | "}") if depth == 0 => break,
                tok if depth == 0 => {
                    if let Some((precedence, _)) = binary_operator(tok)
                        && precedence < min
                        && at > self.pos
                    {
                        break;
                    }
                }
                _ => {}
            }
            end = token.end;
            at += 1;
        }
        Ok(end)
    }

    /// Prefix operators, innermost applied first, each spanning from its operator on.
    fn unary(&mut self, site: &mut Site) -> Result<Typed> {
        let mut ops = Vec::new();
        while let Tok::Sym(s @ ("-" | "!" | "~" | "*" | "&")) = self.peek() {
            let token = self.next()?;
            ops.push((s, token.start));
        }
        let mut typed = self.singular(site)?;
        for (op, start) in ops.into_iter().rev() {
            let span = self.since(start);
            typed = match op {
                "*" => {
                    let pointer = self.load(site, typed)?;
                    let pointer = self.concretize(site, pointer)?;
                    if self.inner(pointer)?.0.pointer_space().is_none() {
                        return Err(Unread);
                    }
                    Typed::Reference(pointer)
                }
                "&" => match typed {
                    Typed::Reference(handle) => Typed::Plain(handle),
                    Typed::Plain(_) => return Err(Unread),
                },
                _ => {
                    let op = match op {
                        "-" => naga::UnaryOperator::Negate,
                        "!" => naga::UnaryOperator::LogicalNot,
                        _ => naga::UnaryOperator::BitwiseNot,
                    };
                    let expr = self.load(site, typed)?;
                    Typed::Plain(self.append(site, Expression::Unary { op, expr }, span)?)
                }
            };
        }
        Ok(typed)
    }

    /// A primary expression and its postfix selectors, which span from its first token.
    fn singular(&mut self, site: &mut Site) -> Result<Typed> {
        let start = self.start();
        let primary = self.primary(site)?;
        self.postfix(site, primary, start)
    }

    /// An assignment's left side: `*p`, `(lhs)`, a name, each with selectors.
    pub fn lhs_expression(&mut self, site: &mut Site) -> Result<Typed> {
        let start = self.start();
        match self.peek() {
            Tok::Sym("*") => {
                self.next()?;
                let inner = self.lhs_expression(site)?;
                let pointer = self.load(site, inner)?;
                let pointer = self.concretize(site, pointer)?;
                if self.inner(pointer)?.0.pointer_space().is_none() {
                    return Err(Unread);
                }
                Ok(Typed::Reference(pointer))
            }
            Tok::Sym("(") => {
                self.next()?;
                let inner = self.lhs_expression(site)?;
                self.expect(")")?;
                self.postfix(site, inner, start)
            }
            Tok::Word(_) => {
                let (name, span) = self.word()?;
                let ident = self.identifier(site, name, span)?;
                self.postfix(site, ident, start)
            }
            _ => Err(Unread),
        }
    }

    fn primary(&mut self, site: &mut Site) -> Result<Typed> {
        let token = self.next()?;
        let span = Span::new(token.start, token.end);
        match token.tok {
            Tok::Sym("(") => {
                let inner = self.binary(site, 1)?;
                self.expect(")")?;
                Ok(inner)
            }
            Tok::Number(number) => {
                let literal = match number {
                    Number::I32(v) => naga::Literal::I32(v),
                    Number::U32(v) => naga::Literal::U32(v),
                    Number::F32(v) => naga::Literal::F32(v),
                    Number::AbstractInt(v) => naga::Literal::AbstractInt(v),
                    Number::AbstractFloat(v) => naga::Literal::AbstractFloat(v),
                };
                Ok(Typed::Plain(self.interrupt(
                    site,
                    Expression::Literal(literal),
                    span,
                )?))
            }
            Tok::Word(b @ ("true" | "false")) => {
                let literal = naga::Literal::Bool(b == "true");
                Ok(Typed::Plain(self.interrupt(
                    site,
                    Expression::Literal(literal),
                    span,
                )?))
            }
            Tok::Word(name)
                if matches!(self.peek(), Tok::Sym("("))
                    || (matches!(self.peek(), Tok::Sym("<"))
                        && matches!(name, "vec2" | "vec3" | "vec4" | "array" | "bitcast")) =>
            {
                let value = self.call(site, name, span, token.start, false)?;
                Ok(Typed::Plain(value.ok_or(Unread)?))
            }
            Tok::Word(name) => self.identifier(site, name, span),
            _ => Err(Unread),
        }
    }

    /// A name: a local, argument or `let` (nothing appended), or a module-scope variable or
    /// constant (appended at each use, outside `Emit` ranges).
    fn identifier(&mut self, site: &mut Site, name: &str, span: Span) -> Result<Typed> {
        if let Some(local) = self.local(name) {
            return Ok(local);
        }
        match self.names.globals.get(name) {
            Some(&super::Global::Var(handle)) => {
                let plain =
                    self.module.global_variables[handle].space == naga::AddressSpace::Handle;
                let expr = self.interrupt(site, Expression::GlobalVariable(handle), span)?;
                Ok(if plain {
                    Typed::Plain(expr)
                } else {
                    Typed::Reference(expr)
                })
            }
            Some(&super::Global::Const(handle)) => Ok(Typed::Plain(self.interrupt(
                site,
                Expression::Constant(handle),
                span,
            )?)),
            _ => Err(Unread),
        }
    }

    /// `.member`, `.swizzle` and `[index]` after `base`, each spanning from `start`.
    fn postfix(&mut self, site: &mut Site, mut base: Typed, start: u32) -> Result<Typed> {
        loop {
            if self.eat(".") {
                let (field, _) = self.word()?;
                let span = self.since(start);
                base = self.member(site, base, field, span)?;
            } else if self.eat("[") {
                let index = self.binary(site, 1)?;
                let index = self.load(site, index)?;
                let index = self.concretize(site, index)?;
                self.expect("]")?;
                let span = self.since(start);
                base = self.pointer_as_reference(base)?;
                let constant = const_u32(
                    self.module,
                    &self.function.expressions,
                    &self.tracker,
                    index,
                );
                base = match (base, constant) {
                    (Typed::Reference(b), Some(index)) => Typed::Reference(self.append(
                        site,
                        Expression::AccessIndex { base: b, index },
                        span,
                    )?),
                    (Typed::Plain(b), Some(index)) => Typed::Plain(self.append(
                        site,
                        Expression::AccessIndex { base: b, index },
                        span,
                    )?),
                    (Typed::Reference(b), None) => Typed::Reference(self.append(
                        site,
                        Expression::Access { base: b, index },
                        span,
                    )?),
                    (Typed::Plain(b), None) => {
                        let b = self.concretize(site, b)?;
                        Typed::Plain(self.append(
                            site,
                            Expression::Access { base: b, index },
                            span,
                        )?)
                    }
                };
            } else {
                return Ok(base);
            }
        }
    }

    /// A plain pointer taken as the reference it points at (WGSL's pointer composite access).
    fn pointer_as_reference(&mut self, typed: Typed) -> Result<Typed> {
        Ok(match typed {
            Typed::Plain(h) if self.inner(h)?.0.pointer_space().is_some() => Typed::Reference(h),
            other => other,
        })
    }

    fn member(&mut self, site: &mut Site, base: Typed, field: &str, span: Span) -> Result<Typed> {
        let base = self.pointer_as_reference(base)?;
        let (handle, reference) = match base {
            Typed::Reference(h) => (h, true),
            Typed::Plain(h) => (h, false),
        };
        enum Access {
            Index(u32),
            Swizzle(naga::VectorSize, [naga::SwizzleComponent; 4]),
        }
        let access = {
            self.inner(handle)?;
            let types = &self.module.types;
            let composite = match (&self.typifier[handle], reference) {
                (resolution, true) => match *resolution.inner_with(types) {
                    TypeInner::Pointer { base, .. } => Shallow::of(base, types),
                    TypeInner::ValuePointer { size, .. } => Shallow::Vector(size),
                    _ => return Err(Unread),
                },
                (naga::proc::TypeResolution::Handle(ty), false) => Shallow::of(*ty, types),
                (naga::proc::TypeResolution::Value(inner), false) => match *inner {
                    TypeInner::Vector { size, .. } => Shallow::Vector(Some(size)),
                    _ => Shallow::Other,
                },
            };
            match composite {
                Shallow::Struct(ty) => {
                    let TypeInner::Struct { members, .. } = &types[ty].inner else {
                        return Err(Unread);
                    };
                    let index = members
                        .iter()
                        .position(|m| m.name.as_deref() == Some(field))
                        .ok_or(Unread)?;
                    Access::Index(index as u32)
                }
                Shallow::Vector(Some(size)) => match components(field, size) {
                    Some(Components::Single(i)) => Access::Index(i),
                    Some(Components::Swizzle(n, pattern)) => Access::Swizzle(n, pattern),
                    None => return Err(Unread),
                },
                _ => return Err(Unread),
            }
        };
        Ok(match access {
            Access::Index(index) => {
                let expr = Expression::AccessIndex {
                    base: handle,
                    index,
                };
                let h = self.append(site, expr, span)?;
                if reference {
                    Typed::Reference(h)
                } else {
                    Typed::Plain(h)
                }
            }
            Access::Swizzle(size, pattern) => {
                let vector = self.load(site, base)?;
                Typed::Plain(self.append(
                    site,
                    Expression::Swizzle {
                        size,
                        vector,
                        pattern,
                    },
                    span,
                )?)
            }
        })
    }

    // -----------------------------------------------------------------------------------------
    // Types

    /// A type as written (`f32`, `vec3f`, `vec4<bool>`, `mat3x3f`, `array<T, N>`, a struct's
    /// name), added to the module's types as naga's `finalize_type` adds it. An array's size is
    /// lowered into the function's arena, as naga lowers it in a function.
    pub fn type_specifier(&mut self, site: Option<&mut Site>) -> Result<Handle<naga::Type>> {
        let (name, _) = self.word()?;
        if let Some(&super::Global::Type(ty)) = self.names.globals.get(name) {
            return Ok(ty);
        }
        let inner = match name {
            "array" => return self.array_type(site),
            "vec2" | "vec3" | "vec4" => {
                let size = vector_size_of(name);
                self.expect("<")?;
                let scalar = self.scalar_type()?;
                self.expect(">")?;
                TypeInner::Vector { size, scalar }
            }
            _ => predeclared(name).ok_or(Unread)?,
        };
        Ok(self.insert_type(inner))
    }

    pub fn insert_type(&mut self, inner: TypeInner) -> Handle<naga::Type> {
        self.module
            .types
            .insert(naga::Type { name: None, inner }, Span::UNDEFINED)
    }

    /// A template's scalar type (`f32` in `vec3<f32>`), added to the module's types as naga
    /// adds it.
    pub fn scalar_type(&mut self) -> Result<naga::Scalar> {
        let (name, _) = self.word()?;
        let scalar = match predeclared(name) {
            Some(TypeInner::Scalar(scalar)) => scalar,
            _ => return Err(Unread),
        };
        self.insert_type(TypeInner::Scalar(scalar));
        Ok(scalar)
    }

    fn array_type(&mut self, site: Option<&mut Site>) -> Result<Handle<naga::Type>> {
        self.expect("<")?;
        let base = self.type_specifier(None)?;
        self.expect(",")?;
        let size_token = self.next()?;
        let Tok::Number(number) = size_token.tok else {
            return Err(Unread);
        };
        self.expect(">")?;
        let site = site.ok_or(Unread)?;
        let literal = match number {
            Number::AbstractInt(v) => naga::Literal::AbstractInt(v),
            Number::I32(v) => naga::Literal::I32(v),
            Number::U32(v) => naga::Literal::U32(v),
            _ => return Err(Unread),
        };
        let span = Span::new(size_token.start, size_token.end);
        let size = self.interrupt(site, Expression::Literal(literal), span)?;
        let size = self.concretize(site, size)?;
        let length = const_u32(self.module, &self.function.expressions, &self.tracker, size)
            .and_then(std::num::NonZeroU32::new)
            .ok_or(Unread)?;
        self.layouter
            .update(self.module.to_ctx())
            .map_err(|_| Unread)?;
        let stride = self.layouter[base].to_stride();
        Ok(self.insert_type(TypeInner::Array {
            base,
            size: naga::ArraySize::Constant(length),
            stride,
        }))
    }
}

/// What a member access needs of a type, without cloning a struct's members.
enum Shallow {
    Struct(Handle<naga::Type>),
    Vector(Option<naga::VectorSize>),
    Other,
}

impl Shallow {
    fn of(ty: Handle<naga::Type>, types: &naga::UniqueArena<naga::Type>) -> Self {
        match types[ty].inner {
            TypeInner::Vector { size, .. } => Shallow::Vector(Some(size)),
            TypeInner::Struct { .. } => Shallow::Struct(ty),
            _ => Shallow::Other,
        }
    }
}

enum Components {
    Single(u32),
    Swizzle(naga::VectorSize, [naga::SwizzleComponent; 4]),
}

/// A vector's `.x`/`.xyz`/`.rgba` selector (naga's `Components::new`), checked against its size.
fn components(field: &str, size: naga::VectorSize) -> Option<Components> {
    let letter = |c: char| -> Option<naga::SwizzleComponent> {
        use naga::SwizzleComponent as Sc;
        Some(match c {
            'x' | 'r' => Sc::X,
            'y' | 'g' => Sc::Y,
            'z' | 'b' => Sc::Z,
            'w' | 'a' => Sc::W,
            _ => return None,
        })
    };
    let n = field.len();
    if n == 1 {
        let c = letter(field.chars().next()?)?;
        return ((c as u8) < size as u8).then_some(Components::Single(c as u32));
    }
    let xyzw = field.chars().all(|c| "xyzw".contains(c));
    let rgba = field.chars().all(|c| "rgba".contains(c));
    if !(xyzw || rgba) || !(2..=4).contains(&n) {
        return None;
    }
    let mut pattern = [naga::SwizzleComponent::X; 4];
    for (i, c) in field.chars().enumerate() {
        let c = letter(c)?;
        if c as u8 >= size as u8 {
            return None;
        }
        pattern[i] = c;
    }
    let count = match n {
        2 => naga::VectorSize::Bi,
        3 => naga::VectorSize::Tri,
        _ => naga::VectorSize::Quad,
    };
    Some(Components::Swizzle(count, pattern))
}

/// `Some(Some(size))` for a vector, `Some(None)` for a scalar, `None` otherwise.
fn vector_size(inner: &TypeInner) -> Option<Option<naga::VectorSize>> {
    match *inner {
        TypeInner::Vector { size, .. } => Some(Some(size)),
        TypeInner::Scalar(_) => Some(None),
        _ => None,
    }
}

fn vector_size_of(name: &str) -> naga::VectorSize {
    match name.as_bytes().get(3) {
        Some(b'2') => naga::VectorSize::Bi,
        Some(b'3') => naga::VectorSize::Tri,
        _ => naga::VectorSize::Quad,
    }
}

/// The predeclared types the fast path knows by their short names (naga's
/// `conv::map_predeclared_type`).
pub(super) fn predeclared(name: &str) -> Option<TypeInner> {
    use naga::Scalar as S;
    let scalar = |s: S| Some(TypeInner::Scalar(s));
    let vector = |size: naga::VectorSize, scalar: S| Some(TypeInner::Vector { size, scalar });
    let size = |c: u8| match c {
        b'2' => naga::VectorSize::Bi,
        b'3' => naga::VectorSize::Tri,
        _ => naga::VectorSize::Quad,
    };
    match name {
        "f32" => scalar(S::F32),
        "i32" => scalar(S::I32),
        "u32" => scalar(S::U32),
        "bool" => scalar(S::BOOL),
        _ => {
            let b = name.as_bytes();
            match b {
                [b'v', b'e', b'c', n @ b'2'..=b'4', s] => {
                    let s = match s {
                        b'f' => S::F32,
                        b'i' => S::I32,
                        b'u' => S::U32,
                        _ => return None,
                    };
                    vector(size(*n), s)
                }
                [
                    b'm',
                    b'a',
                    b't',
                    c @ b'2'..=b'4',
                    b'x',
                    r @ b'2'..=b'4',
                    b'f',
                ] => Some(TypeInner::Matrix {
                    columns: size(*c),
                    rows: size(*r),
                    scalar: S::F32,
                }),
                _ => None,
            }
        }
    }
}
