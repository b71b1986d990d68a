//! Calls: user functions, type constructors and the built-ins the fast path lowers, as naga's
//! `Lowerer::call`, `construct`, `call_builtin`, `math_function_helper` and
//! `texture_sample_helper` lower them. A built-in's value spans its name (`max`,
//! `bitcast<i32>`); a constructor's and a user call's the whole call.

use naga::{Expression, Handle, MathFunction as Mf, Span, TypeInner};

use super::Unread;
use super::function::{FnLowerer, Result, Site, convertible_scalar};
use super::lexer::Tok;

/// A built-in the fast path lowers.
#[derive(Clone, Copy)]
enum Builtin {
    Math(Mf),
    Select,
    Derivative(naga::DerivativeAxis, naga::DerivativeControl),
    Relational(naga::RelationalFunction),
    Sample,
    SampleLevel,
    Gather,
    Load,
    Dimensions,
}

fn builtin(name: &str) -> Option<Builtin> {
    use naga::DerivativeAxis as Ax;
    use naga::DerivativeControl as Ct;
    Some(match name {
        "select" => Builtin::Select,
        "dpdx" => Builtin::Derivative(Ax::X, Ct::None),
        "dpdy" => Builtin::Derivative(Ax::Y, Ct::None),
        "fwidth" => Builtin::Derivative(Ax::Width, Ct::None),
        "dpdxCoarse" => Builtin::Derivative(Ax::X, Ct::Coarse),
        "dpdyCoarse" => Builtin::Derivative(Ax::Y, Ct::Coarse),
        "fwidthCoarse" => Builtin::Derivative(Ax::Width, Ct::Coarse),
        "dpdxFine" => Builtin::Derivative(Ax::X, Ct::Fine),
        "dpdyFine" => Builtin::Derivative(Ax::Y, Ct::Fine),
        "fwidthFine" => Builtin::Derivative(Ax::Width, Ct::Fine),
        "all" => Builtin::Relational(naga::RelationalFunction::All),
        "any" => Builtin::Relational(naga::RelationalFunction::Any),
        "textureSample" => Builtin::Sample,
        "textureSampleLevel" => Builtin::SampleLevel,
        "textureGather" => Builtin::Gather,
        "textureLoad" => Builtin::Load,
        "textureDimensions" => Builtin::Dimensions,
        _ => Builtin::Math(math_function(name)?),
    })
}

/// The math built-ins whose arguments all share one leaf scalar (naga's
/// `conv::map_standard_fun`, less those with mixed or predeclared types).
fn math_function(name: &str) -> Option<Mf> {
    Some(match name {
        "abs" => Mf::Abs,
        "min" => Mf::Min,
        "max" => Mf::Max,
        "clamp" => Mf::Clamp,
        "saturate" => Mf::Saturate,
        "cos" => Mf::Cos,
        "cosh" => Mf::Cosh,
        "sin" => Mf::Sin,
        "sinh" => Mf::Sinh,
        "tan" => Mf::Tan,
        "tanh" => Mf::Tanh,
        "acos" => Mf::Acos,
        "asin" => Mf::Asin,
        "atan" => Mf::Atan,
        "atan2" => Mf::Atan2,
        "radians" => Mf::Radians,
        "degrees" => Mf::Degrees,
        "ceil" => Mf::Ceil,
        "floor" => Mf::Floor,
        "round" => Mf::Round,
        "fract" => Mf::Fract,
        "trunc" => Mf::Trunc,
        "exp" => Mf::Exp,
        "exp2" => Mf::Exp2,
        "log" => Mf::Log,
        "log2" => Mf::Log2,
        "pow" => Mf::Pow,
        "dot" => Mf::Dot,
        "cross" => Mf::Cross,
        "distance" => Mf::Distance,
        "length" => Mf::Length,
        "normalize" => Mf::Normalize,
        "faceForward" => Mf::FaceForward,
        "reflect" => Mf::Reflect,
        "sign" => Mf::Sign,
        "fma" => Mf::Fma,
        "mix" => Mf::Mix,
        "step" => Mf::Step,
        "smoothstep" => Mf::SmoothStep,
        "sqrt" => Mf::Sqrt,
        "inverseSqrt" => Mf::InverseSqrt,
        "transpose" => Mf::Transpose,
        "determinant" => Mf::Determinant,
        _ => return None,
    })
}

/// Whether `name`, called, is something the fast path lowers (a built-in or a type it
/// constructs): the scan's test for words before `(` that WGSL predeclares.
pub(super) fn known_callee(name: &str) -> bool {
    builtin(name).is_some()
        || super::expr::predeclared(name).is_some()
        || matches!(name, "array" | "vec2" | "vec3" | "vec4" | "bitcast")
}

impl<'a> FnLowerer<'a, '_> {
    /// A call of `name` (read), its template list and arguments next; `start` is where the call
    /// begins. Returns the call's value (`None` for a user function without a result).
    pub fn call(
        &mut self,
        site: &mut Site,
        name: &'a str,
        name_span: Span,
        start: u32,
        is_statement: bool,
    ) -> Result<Option<Handle<Expression>>> {
        if let Some(&super::Global::Function(function)) = self.names.globals.get(name) {
            return self.user_call(site, function, start);
        }
        if let Some(&super::Global::Type(ty)) = self.names.globals.get(name) {
            return self.construct(site, ty, start).map(Some);
        }
        if is_statement {
            return Err(Unread);
        }
        if matches!(self.peek(), Tok::Sym("<")) {
            return match name {
                "bitcast" => self.bitcast(site, name_span).map(Some),
                "vec2" | "vec3" | "vec4" => {
                    self.expect("<")?;
                    let scalar = self.scalar_type()?;
                    self.expect(">")?;
                    let size = match name {
                        "vec2" => naga::VectorSize::Bi,
                        "vec3" => naga::VectorSize::Tri,
                        _ => naga::VectorSize::Quad,
                    };
                    let ty = self.insert_type(TypeInner::Vector { size, scalar });
                    self.construct(site, ty, start).map(Some)
                }
                "array" => {
                    self.pos -= 1;
                    let ty = self.type_specifier(Some(site))?;
                    self.construct(site, ty, start).map(Some)
                }
                _ => Err(Unread),
            };
        }
        if let Some(inner) = super::expr::predeclared(name) {
            let ty = self.insert_type(inner);
            return self.construct(site, ty, start).map(Some);
        }
        let builtin = builtin(name).ok_or(Unread)?;
        self.builtin_call(site, builtin, name_span).map(Some)
    }

    /// The arguments of a call: each lowered with `lower` as it is read.
    fn arguments<T>(
        &mut self,
        site: &mut Site,
        mut lower: impl FnMut(&mut Self, &mut Site, usize) -> Result<T>,
    ) -> Result<Vec<T>> {
        self.expect("(")?;
        let mut args = Vec::new();
        while !self.eat(")") {
            if !args.is_empty() {
                self.expect(",")?;
                if self.eat(")") {
                    break;
                }
            }
            args.push(lower(self, site, args.len())?);
        }
        Ok(args)
    }

    fn user_call(
        &mut self,
        site: &mut Site,
        function: Handle<naga::Function>,
        start: u32,
    ) -> Result<Option<Handle<Expression>>> {
        let arguments = self.arguments(site, |this, site, i| {
            let param = this.module.functions[function]
                .arguments
                .get(i)
                .map(|a| a.ty);
            match param {
                Some(ty) => {
                    let value = this.expression_for_abstract(site)?;
                    this.convert_to(site, value, ty)
                }
                None => this.expression(site),
            }
        })?;
        let span = self.since(start);
        let has_result = self.module.functions[function].result.is_some();
        site.block
            .extend(site.emitter.finish(&self.function.expressions));
        let result =
            has_result.then(|| self.append_runtime(Expression::CallResult(function), span));
        site.emitter.start(&self.function.expressions);
        site.block.push(
            naga::Statement::Call {
                function,
                arguments,
                result,
            },
            span,
        );
        Ok(result)
    }

    /// `T(args)` for a type `T` named in full: a zero value, a conversion or splat of one
    /// argument, or a composition of several (naga's `construct` with `Constructor::Type`).
    fn construct(
        &mut self,
        site: &mut Site,
        ty: Handle<naga::Type>,
        start: u32,
    ) -> Result<Handle<Expression>> {
        let args = self.arguments(site, |this, site, _| this.expression_for_abstract(site))?;
        let span = self.since(start);
        let expr = match args.as_slice() {
            [] => Expression::ZeroValue(ty),
            &[arg] => self.construct_one(site, ty, arg)?,
            _ => self.compose(site, ty, args)?,
        };
        self.append(site, expr, span)
    }

    /// `T(x)`: a scalar or vector conversion (always an `As`), or a splat.
    fn construct_one(
        &mut self,
        site: &mut Site,
        ty: Handle<naga::Type>,
        arg: Handle<Expression>,
    ) -> Result<Expression> {
        let arg_inner = self.inner(arg)?.0;
        let arg_scalar_kind = match *arg_inner {
            TypeInner::Scalar(s) => (s, false),
            TypeInner::Vector { scalar, .. } => (scalar, true),
            _ => return Err(Unread),
        };
        match self.module.types[ty].inner {
            TypeInner::Scalar(goal) if !arg_scalar_kind.1 => Ok(Expression::As {
                expr: arg,
                kind: goal.kind,
                convert: Some(goal.width),
            }),
            TypeInner::Vector { scalar: goal, .. } if arg_scalar_kind.1 => Ok(Expression::As {
                expr: arg,
                kind: goal.kind,
                convert: Some(goal.width),
            }),
            TypeInner::Vector { size, scalar: goal } => {
                let (scalar, _) = arg_scalar_kind;
                if scalar != goal
                    && !(scalar.is_abstract() && scalar.automatically_converts_to(goal))
                {
                    return Err(Unread);
                }
                let value = if scalar != goal {
                    let span = self.function.expressions.get_span(arg);
                    let cast = Expression::As {
                        expr: arg,
                        kind: goal.kind,
                        convert: Some(goal.width),
                    };
                    self.append(site, cast, span)?
                } else {
                    arg
                };
                Ok(Expression::Splat { size, value })
            }
            _ => Err(Unread),
        }
    }

    /// `T(a, b, ...)`: a vector of scalars and vectors, a matrix of columns, an array or a
    /// struct, its abstract components converted after all are lowered.
    fn compose(
        &mut self,
        site: &mut Site,
        ty: Handle<naga::Type>,
        args: Vec<Handle<Expression>>,
    ) -> Result<Expression> {
        let mut components = Vec::with_capacity(args.len());
        let inner = self.module.types[ty].inner.clone();
        match inner {
            TypeInner::Vector { scalar, .. } => {
                for arg in args {
                    components.push(self.convert_leaf_concrete(site, arg, scalar)?);
                }
            }
            TypeInner::Matrix {
                columns,
                rows,
                scalar,
            } if args.len() == columns as usize * rows as usize => {
                // From its scalars: the columns composed first, without spans.
                let mut scalars = Vec::with_capacity(args.len());
                for arg in args {
                    if !matches!(*self.inner(arg)?.0, TypeInner::Scalar(_)) {
                        return Err(Unread);
                    }
                    scalars.push(self.convert_leaf_concrete(site, arg, scalar)?);
                }
                let column = self.insert_type(TypeInner::Vector { size: rows, scalar });
                for chunk in scalars.chunks(rows as usize) {
                    let compose = Expression::Compose {
                        ty: column,
                        components: chunk.to_vec(),
                    };
                    components.push(self.append(site, compose, Span::UNDEFINED)?);
                }
            }
            TypeInner::Matrix {
                columns,
                rows,
                scalar,
            } => {
                if args.len() != columns as usize {
                    return Err(Unread);
                }
                for arg in args {
                    if !matches!(*self.inner(arg)?.0, TypeInner::Vector { size, .. } if size == rows)
                    {
                        return Err(Unread);
                    }
                    components.push(self.convert_leaf_concrete(site, arg, scalar)?);
                }
            }
            TypeInner::Array { base, .. } => {
                for arg in args {
                    components.push(self.convert_to(site, arg, base)?);
                }
            }
            TypeInner::Struct { ref members, .. } => {
                if members.len() != args.len() {
                    return Err(Unread);
                }
                for (arg, member) in args.into_iter().zip(members) {
                    components.push(self.convert_to(site, arg, member.ty)?);
                }
            }
            _ => return Err(Unread),
        }
        Ok(Expression::Compose { ty, components })
    }

    /// `arg` converted to leaf scalar `goal` when it is abstract; a concrete `arg` of another
    /// scalar is left to naga.
    fn convert_leaf_concrete(
        &mut self,
        site: &mut Site,
        arg: Handle<Expression>,
        goal: naga::Scalar,
    ) -> Result<Handle<Expression>> {
        let scalar = {
            let (i, t) = self.inner(arg)?;
            convertible_scalar(i, t)
        }
        .ok_or(Unread)?;
        if scalar == goal {
            return Ok(arg);
        }
        if !scalar.is_abstract() {
            return Err(Unread);
        }
        self.convert_leaf(site, arg, goal)
    }

    /// `bitcast<T>(x)`: an `As` without conversion, never folded.
    fn bitcast(&mut self, site: &mut Site, name_span: Span) -> Result<Handle<Expression>> {
        self.expect("<")?;
        let ty = self.type_specifier(None)?;
        self.expect(">")?;
        let function_span = Span::new(
            name_span.to_range().map_or(0, |r| r.start as u32),
            self.last_end,
        );
        let kind = match self.module.types[ty].inner {
            TypeInner::Scalar(s) | TypeInner::Vector { scalar: s, .. } => s.kind,
            _ => return Err(Unread),
        };
        let args = self.arguments(site, |this, site, _| this.expression(site))?;
        let &[expr] = args.as_slice() else {
            return Err(Unread);
        };
        self.append(
            site,
            Expression::As {
                expr,
                kind,
                convert: None,
            },
            function_span,
        )
    }

    fn builtin_call(
        &mut self,
        site: &mut Site,
        builtin: Builtin,
        span: Span,
    ) -> Result<Handle<Expression>> {
        let expr = match builtin {
            Builtin::Math(fun) => self.math(site, fun)?,
            Builtin::Select => {
                let args = self.arguments(site, |this, site, i| {
                    if i < 2 {
                        this.expression_for_abstract(site)
                    } else {
                        this.expression(site)
                    }
                })?;
                let &[reject, accept, condition] = args.as_slice() else {
                    return Err(Unread);
                };
                let goal = self.common_concrete_scalar(&[reject, accept])?;
                let reject = self.convert_leaf_concrete(site, reject, goal)?;
                let accept = self.convert_leaf_concrete(site, accept, goal)?;
                Expression::Select {
                    condition,
                    accept,
                    reject,
                }
            }
            Builtin::Derivative(axis, ctrl) => {
                let args = self.arguments(site, |this, site, _| this.expression(site))?;
                let &[expr] = args.as_slice() else {
                    return Err(Unread);
                };
                Expression::Derivative { axis, ctrl, expr }
            }
            Builtin::Relational(fun) => {
                let args = self.arguments(site, |this, site, _| this.expression(site))?;
                let &[argument] = args.as_slice() else {
                    return Err(Unread);
                };
                if matches!(
                    *self.inner(argument)?.0,
                    TypeInner::Scalar(naga::Scalar::BOOL)
                ) {
                    return Ok(argument);
                }
                Expression::Relational { fun, argument }
            }
            Builtin::Sample | Builtin::SampleLevel | Builtin::Gather => {
                self.sample(site, builtin)?
            }
            Builtin::Load => {
                let args = self.arguments(site, |this, site, _| this.expression(site))?;
                let &[image, coordinate, level] = args.as_slice() else {
                    return Err(Unread);
                };
                match *self.inner(image)?.0 {
                    TypeInner::Image {
                        class: naga::ImageClass::Sampled { multi: false, .. },
                        arrayed: false,
                        ..
                    } => {}
                    _ => return Err(Unread),
                }
                Expression::ImageLoad {
                    image,
                    coordinate,
                    array_index: None,
                    sample: None,
                    level: Some(level),
                }
            }
            Builtin::Dimensions => {
                let args = self.arguments(site, |this, site, _| this.expression(site))?;
                let (image, level) = match *args.as_slice() {
                    [image] => (image, None),
                    [image, level] => (image, Some(level)),
                    _ => return Err(Unread),
                };
                Expression::ImageQuery {
                    image,
                    query: naga::ImageQuery::Size { level },
                }
            }
        };
        self.append(site, expr, span)
    }

    /// The one concrete leaf scalar of `args` (abstract ones convert to it); none when they
    /// are all abstract or disagree.
    fn common_concrete_scalar(&mut self, args: &[Handle<Expression>]) -> Result<naga::Scalar> {
        let mut goal = None;
        for &arg in args {
            let scalar = {
                let (i, t) = self.inner(arg)?;
                convertible_scalar(i, t)
            }
            .ok_or(Unread)?;
            if scalar.is_abstract() {
                continue;
            }
            match goal {
                None => goal = Some(scalar),
                Some(g) if g == scalar => {}
                Some(_) => return Err(Unread),
            }
        }
        goal.ok_or(Unread)
    }

    /// A math built-in: all arguments lowered first, then the abstract ones converted to the
    /// concrete arguments' scalar.
    fn math(&mut self, site: &mut Site, fun: Mf) -> Result<Expression> {
        let mut args = self.arguments(site, |this, site, _| {
            let value = this.expression_for_abstract(site)?;
            this.inner(value)?;
            Ok(value)
        })?;
        if args.is_empty() || args.len() > 4 || args.len() != fun.argument_count() {
            return Err(Unread);
        }
        let goal = self.common_concrete_scalar(&args)?;
        for arg in &mut args {
            *arg = self.convert_leaf_concrete(site, *arg, goal)?;
        }
        Ok(Expression::Math {
            fun,
            arg: args[0],
            arg1: args.get(1).copied(),
            arg2: args.get(2).copied(),
            arg3: args.get(3).copied(),
        })
    }

    /// `textureSample(t, s, uv)`, `textureSampleLevel(t, s, uv, level)` and
    /// `textureGather(c, t, s, uv)` of a 2D or 3D `f32` texture, each with an optional
    /// constant offset.
    fn sample(&mut self, site: &mut Site, builtin: Builtin) -> Result<Expression> {
        self.expect("(")?;
        let gather = if matches!(builtin, Builtin::Gather) {
            // The component first (a texture here would be a depth texture's gather).
            let component = self.expression(site)?;
            self.expect(",")?;
            let index = super::function::const_u32(
                self.module,
                &self.function.expressions,
                &self.tracker,
                component,
            )
            .ok_or(Unread)?;
            use naga::SwizzleComponent as Sc;
            Some(match index {
                0 => Sc::X,
                1 => Sc::Y,
                2 => Sc::Z,
                3 => Sc::W,
                _ => return Err(Unread),
            })
        } else {
            None
        };
        let image = self.expression_for_abstract(site)?;
        self.expect(",")?;
        let sampler = self.expression_for_abstract(site)?;
        self.expect(",")?;
        match *self.inner(image)?.0 {
            TypeInner::Image {
                class:
                    naga::ImageClass::Sampled {
                        kind: naga::ScalarKind::Float,
                        multi: false,
                    },
                arrayed: false,
                ..
            } => {}
            _ => return Err(Unread),
        }
        let coordinate = self.expression_for_abstract(site)?;
        let coordinate = self.convert_leaf(site, coordinate, naga::Scalar::F32)?;
        let level = match builtin {
            Builtin::SampleLevel => {
                self.expect(",")?;
                let level = self.expression_for_abstract(site)?;
                naga::SampleLevel::Exact(self.convert_leaf(site, level, naga::Scalar::F32)?)
            }
            Builtin::Gather => naga::SampleLevel::Zero,
            _ => naga::SampleLevel::Auto,
        };
        // A constant offset, lowered after the level.
        let mut offset = None;
        if self.eat(",") && !matches!(self.peek(), Tok::Sym(")")) {
            let value = self.expression_for_abstract(site)?;
            let value = self.convert_leaf(site, value, naga::Scalar::I32)?;
            if !self.tracker.is_const(value) {
                return Err(Unread);
            }
            offset = Some(value);
            self.eat(",");
        }
        self.expect(")")?;
        Ok(Expression::ImageSample {
            image,
            sampler,
            gather,
            coordinate,
            array_index: None,
            offset,
            level,
            depth_ref: None,
            clamp_to_edge: false,
        })
    }
}
