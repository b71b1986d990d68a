//! WGSL validation errors: their code, from naga's public error enums, and their location (the
//! narrowest span on the error's path, the entry point's or type's name where naga gives none).

use std::fmt::Write as _;

use naga::valid::{
    CallError, ComposeError, EntryPointError, ExpressionError, FunctionError, GlobalVariableError,
    LocalVariableError, ValidationError, VaryingError,
};

use super::SpanMap;
use super::capabilities::missing_capabilities;
use super::spanless::{blank_comments, find};
use crate::diagnostic::{Diagnostic, DiagnosticCode};
use crate::target::{self, Target};

use DiagnosticCode as C;

/// The code of a validation error. `module` is the module that was validated.
pub fn validation_code(error: &ValidationError, module: &naga::Module) -> DiagnosticCode {
    match error {
        ValidationError::Function { handle, source, .. } => {
            function_code(source, module.functions.try_get(*handle).ok())
        }
        ValidationError::EntryPoint {
            stage,
            name,
            source,
        } => {
            let entry = module
                .entry_points
                .iter()
                .find(|e| e.stage == *stage && e.name == *name);
            entry_point_code(*stage, source, entry.map(|e| &e.function))
        }
        ValidationError::GlobalVariable { source, .. } => match source {
            GlobalVariableError::InvalidType(_)
            | GlobalVariableError::InvalidUsage(_)
            | GlobalVariableError::MissingTypeFlags { .. } => C::InvalidUniformType,
            GlobalVariableError::InitializerNotAllowed(_) => C::UniformInitializer,
            _ => C::WgslValidationError,
        },
        _ => C::WgslValidationError,
    }
}

fn entry_point_code(
    stage: naga::ShaderStage,
    error: &EntryPointError,
    function: Option<&naga::Function>,
) -> DiagnosticCode {
    match error {
        EntryPointError::Conflict => C::DuplicateEntryAssignment,
        EntryPointError::MissingVertexOutputPosition => C::MissingVertexPosition,
        EntryPointError::Argument(_, varying) | EntryPointError::Result(varying) => {
            match varying {
                VaryingError::NotIOShareableType(_) | VaryingError::InvalidType(_) => {
                    C::InvalidVaryingStruct
                }
                VaryingError::InvalidInterpolationForInteger => C::NonFlatIntegerVarying,
                // The RFC leaves location collisions to a WGSL-specific rule.
                VaryingError::BindingCollision { .. } => C::WgslValidationError,
                _ => match stage {
                    naga::ShaderStage::Vertex => C::VertexEntryReturnType,
                    naga::ShaderStage::Fragment => C::FragmentEntryReturnType,
                    _ => C::WgslValidationError,
                },
            }
        }
        EntryPointError::Function(error) => function_code(error, function),
        _ => C::WgslValidationError,
    }
}

fn function_code(error: &FunctionError, function: Option<&naga::Function>) -> DiagnosticCode {
    match error {
        FunctionError::Expression { handle, source } => {
            // naga checks a value returned from a function with no result type only as an
            // expression (an abstract literal is left unconcretised); the return is the cause.
            let void_return =
                function.is_some_and(|f| f.result.is_none() && returns(&f.body, *handle));
            if void_return {
                C::ReturnInVoidFunction
            } else {
                expression_code(source)
            }
        }
        FunctionError::LocalVariable { source, .. } => match source {
            LocalVariableError::NonConstOrOverrideInitializer => C::NonConstInitializer,
            LocalVariableError::InitializerType => C::AssignTypeMismatch,
            _ => C::WgslValidationError,
        },
        FunctionError::NonConstructibleReturnType => C::NonConstructibleReturnType,
        FunctionError::BreakOutsideOfLoopOrSwitch
        | FunctionError::ContinueOutsideOfLoop
        | FunctionError::InvalidReturnSpot => C::MisplacedControlFlow,
        FunctionError::InvalidReturnType {
            expression,
            expected_ty,
        } => match (expression, expected_ty) {
            (Some(_), None) => C::ReturnInVoidFunction,
            (None, Some(_)) => C::MissingReturn,
            _ => C::ReturnTypeMismatch,
        },
        FunctionError::InvalidIfType(_) => C::NonBoolCondition,
        FunctionError::InvalidSwitchType(_) | FunctionError::ConflictingCaseType => {
            C::NonIntegerSwitch
        }
        FunctionError::ConflictingSwitchCase(_) => C::DuplicateSwitchCase,
        FunctionError::MissingDefaultCase | FunctionError::MultipleDefaultCases => {
            C::InvalidSwitchDefault
        }
        FunctionError::InvalidStorePointer(_)
        | FunctionError::InvalidStoreTypes { .. }
        | FunctionError::InvalidStoreValue { .. } => C::AssignTypeMismatch,
        FunctionError::InvalidCall { error, .. } => match error {
            CallError::ArgumentCount { .. } | CallError::ArgumentType { .. } => {
                C::NoMatchingOverload
            }
            CallError::Argument { source, .. } => expression_code(source),
            _ => C::WgslValidationError,
        },
        _ => C::WgslValidationError,
    }
}

fn expression_code(error: &ExpressionError) -> DiagnosticCode {
    match error {
        ExpressionError::NotInScope => C::UseBeforeDeclaration,
        ExpressionError::InvalidBaseType(_) => C::NonIndexableType,
        ExpressionError::InvalidIndexType(_) => C::NonIntegerIndex,
        ExpressionError::NegativeIndex(_) | ExpressionError::IndexOutOfBounds(..) => {
            C::IndexOutOfBounds
        }
        ExpressionError::InvalidSplatType(_) => C::InvalidSplat,
        ExpressionError::InvalidVectorType(_) | ExpressionError::InvalidSwizzleComponent(..) => {
            C::InvalidSwizzle
        }
        ExpressionError::Compose(ComposeError::ComponentCount { .. }) => C::ConstructorArgCount,
        ExpressionError::Compose(_) => C::ConstructorArgType,
        ExpressionError::InvalidUnaryOperandType(..) => C::InvalidUnaryOperand,
        ExpressionError::InvalidBinaryOperandTypes { .. } => C::InvalidBinaryOperands,
        ExpressionError::ShiftAmountTooLarge { .. } => C::ShiftOutOfRange,
        ExpressionError::DivideByZero => C::ConstDivideByZero,
        ExpressionError::ExpectedSamplerType(_) => C::ExpectedSampler,
        ExpressionError::InvalidCastArgument => C::InvalidConversion,
        ExpressionError::WrongArgumentCount(_) | ExpressionError::InvalidArgumentType(..) => {
            C::NoMatchingOverload
        }
        ExpressionError::Type(resolve) => match resolve {
            naga::proc::ResolveError::OutOfBoundsIndex { .. } => C::IndexOutOfBounds,
            naga::proc::ResolveError::InvalidAccess { .. }
            | naga::proc::ResolveError::InvalidSubAccess { .. } => C::NonIndexableType,
            naga::proc::ResolveError::FunctionNotDefined { .. } => C::UndefinedFunction,
            naga::proc::ResolveError::IncompatibleOperands(_) => C::InvalidBinaryOperands,
            naga::proc::ResolveError::BuiltinArgumentsInvalid(_) => C::NoMatchingOverload,
            _ => C::WgslValidationError,
        },
        _ => C::WgslValidationError,
    }
}

/// Whether a `return` in `block` (at any depth) returns `value`.
fn returns(block: &naga::Block, value: naga::Handle<naga::Expression>) -> bool {
    block.iter().any(|statement| match statement {
        naga::Statement::Return { value: v } => *v == Some(value),
        naga::Statement::Block(b) => returns(b, value),
        naga::Statement::If { accept, reject, .. } => {
            returns(accept, value) || returns(reject, value)
        }
        naga::Statement::Switch { cases, .. } => cases.iter().any(|c| returns(&c.body, value)),
        naga::Statement::Loop {
            body, continuing, ..
        } => returns(body, value) || returns(continuing, value),
        _ => false,
    })
}

/// A located diagnostic for a validation error of `module`, parsed from `source` and validated
/// against `target`.
///
/// naga lists the spans of every IR object on the error's path (the function, then the
/// expression in it); the narrowest is where the problem is, the others become related spans.
/// Entry point errors carry no span; they are located at the entry point's name. Type errors
/// carry none either; they are located at the type's first use in the source.
pub fn validation_diagnostic(
    error: &naga::WithSpan<ValidationError>,
    module: &naga::Module,
    source: &str,
    map: SpanMap,
    target: &Target,
) -> Diagnostic {
    let inner = error.as_inner();
    let mut message = inner.to_string();
    let mut cause = std::error::Error::source(inner);
    while let Some(next) = cause {
        let _ = write!(message, ": {next}");
        cause = next.source();
    }
    let mut spans: Vec<(naga::Span, String)> = error
        .spans()
        .filter(|(s, _)| s.is_defined())
        .map(|(s, label)| (*s, ir_label(label)))
        .collect();
    spans.sort_by_key(|(s, _)| s.to_range().map_or(usize::MAX, |r| r.len()));
    if spans.is_empty() {
        let at = match inner {
            ValidationError::EntryPoint { name, .. } => {
                function_name_span(source, name).map(|at| (at, "entry point".to_string()))
            }
            ValidationError::Type { handle, .. } => {
                type_span(module, *handle, source).map(|at| (at, "type".to_string()))
            }
            _ => None,
        };
        spans.extend(at);
    }
    let primary = spans.first().and_then(|(s, _)| map(*s));
    let mut d = match missing_capabilities(inner) {
        Some(missing) => Diagnostic::error(
            C::MissingCapability,
            primary,
            format!(
                "the shader uses {}, which {} does not offer",
                target::capability_words(missing),
                target.describe()
            ),
        )
        .with_note(format!("to use it: {}", target.how_to_enable(missing)))
        .with_note(format!("naga: {message}")),
        None => Diagnostic::error(validation_code(inner, module), primary, message),
    };
    for (s, label) in spans.iter().skip(1) {
        if let Some(s) = map(*s) {
            d = d.with_related(s, label.clone());
        }
    }
    d
}

/// Where type `handle` is written in `source`: its declaration's span when naga kept one, else
/// the first whole-word occurrence of its WGSL spelling outside comments.
fn type_span(
    module: &naga::Module,
    handle: naga::Handle<naga::Type>,
    source: &str,
) -> Option<naga::Span> {
    let declared = module.types.get_span(handle);
    if declared.is_defined() {
        return Some(declared);
    }
    let ty = module.types.get_handle(handle).ok()?;
    let spelling = match &ty.inner {
        naga::TypeInner::Scalar(s) | naga::TypeInner::Atomic(s) => scalar_spelling(*s)?,
        naga::TypeInner::Vector { scalar, .. } | naga::TypeInner::Matrix { scalar, .. } => {
            scalar_spelling(*scalar)?
        }
        naga::TypeInner::Image {
            class: naga::ImageClass::External,
            ..
        } => "texture_external",
        _ => ty.name.as_deref()?,
    };
    let code = blank_comments(source.as_bytes());
    let word = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let mut from = 0;
    while let Some(found) = find(&code[from..], spelling.as_bytes()) {
        let at = from + found;
        let end = at + spelling.len();
        from = end;
        if (at == 0 || !word(code[at - 1])) && code.get(end).is_none_or(|&b| !word(b)) {
            return Some(naga::Span::new(
                u32::try_from(at).ok()?,
                u32::try_from(end).ok()?,
            ));
        }
    }
    None
}

fn scalar_spelling(scalar: naga::Scalar) -> Option<&'static str> {
    use naga::ScalarKind as K;
    Some(match (scalar.kind, scalar.width) {
        (K::Sint, 8) => "i64",
        (K::Uint, 8) => "u64",
        (K::Float, 8) => "f64",
        (K::Float, 2) => "f16",
        (K::Sint, 2) => "i16",
        (K::Uint, 2) => "u16",
        _ => return None,
    })
}

/// The span of `name` in the first `fn name` of `source`.
fn function_name_span(source: &str, name: &str) -> Option<naga::Span> {
    let is_ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut from = 0;
    while let Some(found) = source[from..].find("fn") {
        let at = from + found;
        from = at + 2;
        let before_ok = source[..at]
            .chars()
            .next_back()
            .is_none_or(|c| !is_ident(c));
        let rest = &source[at + 2..];
        let trimmed = rest.trim_start();
        if !before_ok || trimmed.len() == rest.len() || !trimmed.starts_with(name) {
            continue;
        }
        if trimmed[name.len()..].chars().next().is_some_and(is_ident) {
            continue;
        }
        let start = source.len() - trimmed.len();
        return Some(naga::Span::new(
            u32::try_from(start).ok()?,
            u32::try_from(start + name.len()).ok()?,
        ));
    }
    None
}

/// Turns naga's label for an IR object, such as `naga::ir::GlobalVariable [2]`, into words
/// (`global variable`): arena indices mean nothing to the reader.
pub fn ir_label(label: &str) -> String {
    let Some(rest) = label.strip_prefix("naga::ir::") else {
        return label.to_string();
    };
    let kind = rest.split(' ').next().unwrap_or(rest);
    let mut words = String::new();
    for c in kind.chars() {
        if c.is_uppercase() && !words.is_empty() {
            words.push(' ');
        }
        words.extend(c.to_lowercase());
    }
    words
}
