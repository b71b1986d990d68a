//! The statement a fragment or compute entry point starts with when instrumented:
//! `fxbench_on = all(vec2<u32>(floor(position.xy)) == fxbench_trace.at.xy);` (or
//! `all(global_id == fxbench_trace.at.xyz)`), reading the `@builtin(position)` or
//! `@builtin(global_invocation_id)` input wherever the entry point declares it (an argument or
//! a member of a struct argument), or from an argument added for it.

use naga::{
    Binding, BuiltIn, EntryPoint, Expression, Handle, Module, Scalar, ShaderStage, Span, Statement,
    SwizzleComponent as C, Type, TypeInner, VectorSize,
};

use super::record::{Recorder, emit};

/// The builtin the gate compares, its type, and the name of an argument added for it.
fn gate_input(stage: ShaderStage) -> Option<(BuiltIn, TypeInner, &'static str)> {
    match stage {
        ShaderStage::Fragment => Some((
            BuiltIn::Position { invariant: false },
            TypeInner::Vector {
                size: VectorSize::Quad,
                scalar: Scalar::F32,
            },
            "fxbench_position",
        )),
        ShaderStage::Compute => Some((
            BuiltIn::GlobalInvocationId,
            TypeInner::Vector {
                size: VectorSize::Tri,
                scalar: Scalar::U32,
            },
            "fxbench_global_id",
        )),
        _ => None,
    }
}

fn is(binding: Option<&Binding>, builtin: BuiltIn) -> bool {
    matches!(binding, Some(Binding::BuiltIn(b))
        if std::mem::discriminant(b) == std::mem::discriminant(&builtin))
}

/// The entry point's input of `builtin`: an argument, a member of a struct argument, or a new
/// argument (of `inner`, named `name`). Appends what must be emitted to `out`.
fn input(
    module: &mut Module,
    ep: &mut EntryPoint,
    (builtin, inner, name): (BuiltIn, TypeInner, &str),
    out: &mut naga::Block,
) -> Handle<Expression> {
    let function = &mut ep.function;
    for (k, argument) in function.arguments.iter().enumerate() {
        let whole = Expression::FunctionArgument(k as u32);
        if is(argument.binding.as_ref(), builtin) {
            return function.expressions.append(whole, Span::UNDEFINED);
        }
        if let TypeInner::Struct { members, .. } = &module.types[argument.ty].inner
            && let Some(m) = members.iter().position(|m| is(m.binding.as_ref(), builtin))
        {
            let base = function.expressions.append(whole, Span::UNDEFINED);
            let index = m as u32;
            return emit(
                &mut function.expressions,
                out,
                Expression::AccessIndex { base, index },
                Span::UNDEFINED,
            );
        }
    }
    let ty = module
        .types
        .insert(Type { name: None, inner }, Span::UNDEFINED);
    function.arguments.push(naga::FunctionArgument {
        name: Some(name.to_string()),
        ty,
        binding: Some(Binding::BuiltIn(builtin)),
    });
    let k = function.arguments.len() as u32 - 1;
    function
        .expressions
        .append(Expression::FunctionArgument(k), Span::UNDEFINED)
}

/// Makes a fragment or compute entry point set `fxbench_on` first (see the module's doc); other
/// stages record nothing and are left as they are.
pub(super) fn gate(module: &mut Module, ep: &mut EntryPoint, recorder: &Recorder) {
    let Some(wanted) = gate_input(ep.stage) else {
        return;
    };
    let mut out = naga::Block::new();
    let at = input(module, ep, wanted, &mut out);
    let exprs = &mut ep.function.expressions;
    let span = Span::UNDEFINED;
    let mut e = |exprs: &mut naga::Arena<Expression>, x| emit(exprs, &mut out, x, span);
    let header = e(
        exprs,
        Expression::AccessIndex {
            base: recorder.trace(),
            index: 0,
        },
    );
    let header = e(exprs, Expression::Load { pointer: header });
    let (ours, theirs) = if ep.stage == ShaderStage::Fragment {
        let xy = [C::X, C::Y, C::X, C::X];
        let position = e(
            exprs,
            Expression::Swizzle {
                size: VectorSize::Bi,
                vector: at,
                pattern: xy,
            },
        );
        let floor = e(
            exprs,
            Expression::Math {
                fun: naga::MathFunction::Floor,
                arg: position,
                arg1: None,
                arg2: None,
                arg3: None,
            },
        );
        let pixel = e(
            exprs,
            Expression::As {
                expr: floor,
                kind: naga::ScalarKind::Uint,
                convert: Some(4),
            },
        );
        let target = Expression::Swizzle {
            size: VectorSize::Bi,
            vector: header,
            pattern: xy,
        };
        (pixel, e(exprs, target))
    } else {
        let target = Expression::Swizzle {
            size: VectorSize::Tri,
            vector: header,
            pattern: [C::X, C::Y, C::Z, C::X],
        };
        (at, e(exprs, target))
    };
    let equal = e(
        exprs,
        Expression::Binary {
            op: naga::BinaryOperator::Equal,
            left: ours,
            right: theirs,
        },
    );
    let all = e(
        exprs,
        Expression::Relational {
            fun: naga::RelationalFunction::All,
            argument: equal,
        },
    );
    out.push(
        Statement::Store {
            pointer: recorder.on(),
            value: all,
        },
        span,
    );
    let body = std::mem::take(&mut ep.function.body);
    out.extend_block(body);
    ep.function.body = out;
}
