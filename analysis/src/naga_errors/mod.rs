//! Turns naga's WGSL parse and validation errors into located [`Diagnostic`]s with the analyzer
//! RFC's semantic codes.
//!
//! # Codes
//!
//! Validation errors are public enums, so [`validation_code`] matches them structurally. Parse
//! errors are not: naga 30 exposes only the rendered [`naga::front::wgsl::ParseError`], so
//! [`parse_code`] classifies its message by the patterns in `PARSE_RULES` (taken from naga's
//! `front/wgsl/error.rs`, `proc/typifier.rs` and `proc/constant_evaluator.rs`). A few patterns
//! need a look at the source as well, written next to them: an unknown identifier followed by `(`
//! is an undefined function, an accessor made of `xyzw`/`rgba` letters is a swizzle, a callee
//! spelled like a type is a constructor. Anything else keeps the generic `WgslParseError` or
//! `WgslValidationError` code with naga's message; `tests/naga_mapping.rs` lists the naga errors
//! known to land there.
//!
//! # Keeping going
//!
//! Going on past the first validation error (by stubbing failing function bodies) lives with the
//! one naga parse-and-validate helper both callers share, `lower/naga_check.rs`.

use std::fmt::Write as _;

use naga::valid::{
    CallError, Capabilities, ComposeError, EntryPointError, ExpressionError, FunctionError,
    GlobalVariableError, LocalVariableError, TypeError, ValidationError, VaryingError, WidthError,
};

use crate::diagnostic::{Diagnostic, DiagnosticCode};
use crate::source::Span;
use crate::target::{self, Target};

/// Maps a naga span of the text naga read to a span of the user's sources.
pub type SpanMap<'a> = &'a dyn Fn(naga::Span) -> Option<Span>;

/// How a parse error message is matched.
#[derive(Clone, Copy, Debug)]
enum Pattern {
    Exact(&'static str),
    Prefix(&'static str),
    /// Starts with the first and contains the second.
    PrefixContains(&'static str, &'static str),
    /// Starts with the first and ends with the second.
    PrefixSuffix(&'static str, &'static str),
}

impl Pattern {
    fn matches(self, message: &str) -> bool {
        match self {
            Pattern::Exact(m) => message == m,
            Pattern::Prefix(p) => message.starts_with(p),
            Pattern::PrefixContains(p, c) => message.starts_with(p) && message.contains(c),
            Pattern::PrefixSuffix(p, s) => message.starts_with(p) && message.ends_with(s),
        }
    }
}

/// What a matched parse error becomes: a code, or a code decided by a look at the source.
#[derive(Clone, Copy, Debug)]
enum Rule {
    Code(DiagnosticCode),
    /// `invalid field accessor`: a swizzle when made of one component set, else a struct member.
    Accessor,
    /// `no definition in scope`: a function when the name is followed by `(`.
    UnknownIdent,
    /// A recursive or cyclic declaration: a recursive function when it declares a function.
    Recursion,
    /// A call with wrong arguments: a constructor when the callee is a type, else an overload.
    CallArguments {
        constructor: DiagnosticCode,
    },
    /// A runtime value in a const context: an array size inside `array<...>`.
    ConstContext,
    /// A constant operation that overflowed: by zero for `/` and `%`, a shift for `<<`/`>>`.
    Overflow,
}

use DiagnosticCode as C;

/// Parse error message patterns, first match wins.
const PARSE_RULES: &[(Pattern, Rule)] = &[
    // Syntax (ParseError `Unexpected`, lexer and nesting limits).
    (
        Pattern::PrefixContains("expected ", ", found "),
        Rule::Code(C::SyntaxError),
    ),
    (
        Pattern::Exact("unterminated block comment"),
        Rule::Code(C::SyntaxError),
    ),
    (
        Pattern::Exact("brace nesting limit reached"),
        Rule::Code(C::SyntaxError),
    ),
    // Malformed tokens and names that cannot be used (BadNumber, ReservedKeyword,
    // InvalidIdentifierUnderscore, ReservedIdentifierPrefix, DeclMissingTypeAndInit,
    // DirectiveAfterFirstGlobalDecl, template and expression misuse).
    (
        Pattern::Prefix("invalid numeric literal format"),
        Rule::Code(C::SyntaxError),
    ),
    (
        Pattern::PrefixSuffix("name `", "` is a reserved keyword"),
        Rule::Code(C::SyntaxError),
    ),
    (
        Pattern::Exact("Identifier can't be `_`"),
        Rule::Code(C::SyntaxError),
    ),
    (
        Pattern::Prefix("Identifier starts with a reserved prefix"),
        Rule::Code(C::SyntaxError),
    ),
    (
        Pattern::PrefixSuffix(
            "declaration of `",
            "` needs a type specifier or initializer",
        ),
        Rule::Code(C::SyntaxError),
    ),
    (
        Pattern::Exact("expected global declaration, but found a global directive"),
        Rule::Code(C::SyntaxError),
    ),
    (
        Pattern::Exact("unexpected expression"),
        Rule::Code(C::SyntaxError),
    ),
    (
        Pattern::Exact("unexpected template"),
        Rule::Code(C::SyntaxError),
    ),
    (
        Pattern::Exact("unused expressions for template"),
        Rule::Code(C::SyntaxError),
    ),
    (
        Pattern::PrefixContains("`", "` needs a template argument specified"),
        Rule::Code(C::SyntaxError),
    ),
    // Words that name nothing naga knows (UnknownAddressSpace, UnknownAttribute, ...).
    (
        Pattern::Prefix("unknown address space: `"),
        Rule::Code(C::UndeclaredIdentifier),
    ),
    (
        Pattern::Prefix("unknown attribute: `"),
        Rule::Code(C::UndeclaredIdentifier),
    ),
    (
        Pattern::Prefix("unknown builtin: `"),
        Rule::Code(C::UndeclaredIdentifier),
    ),
    (
        Pattern::Prefix("unknown access: `"),
        Rule::Code(C::UndeclaredIdentifier),
    ),
    (
        Pattern::Prefix("unknown storage format: `"),
        Rule::Code(C::UndeclaredIdentifier),
    ),
    (
        Pattern::Prefix("unknown conservative depth: `"),
        Rule::Code(C::UndeclaredIdentifier),
    ),
    (
        Pattern::Prefix("unknown scalar type: `"),
        Rule::Code(C::UndeclaredIdentifier),
    ),
    (
        Pattern::Prefix("unknown ray flag: `"),
        Rule::Code(C::UndeclaredIdentifier),
    ),
    (
        Pattern::Prefix("unknown enable-extension `"),
        Rule::Code(C::UndeclaredIdentifier),
    ),
    (
        Pattern::Prefix("unknown language extension `"),
        Rule::Code(C::UndeclaredIdentifier),
    ),
    // Types that cannot be used there (BadMatrixScalarKind, BadTextureSampleType).
    (
        Pattern::Prefix("matrix scalar type must be floating-point"),
        Rule::Code(C::UnsupportedType),
    ),
    (
        Pattern::Prefix("texture sample type must be one of"),
        Rule::Code(C::UnsupportedType),
    ),
    // Sizes (ExpectedPositiveArrayLength, StructMemberTooLarge, TypeTooLarge).
    (
        Pattern::Exact("array element count must be positive (> 0)"),
        Rule::Code(C::InvalidSize),
    ),
    (
        Pattern::Exact("struct member is too large"),
        Rule::Code(C::InvalidSize),
    ),
    (
        Pattern::Exact("type is too large"),
        Rule::Code(C::InvalidSize),
    ),
    // Built-in calls given what they do not take (BadTexture, NotStorageTexture,
    // InvalidGatherComponent, InvalidWorkGroupUniformLoad, Select*).
    (
        Pattern::Prefix("expected an image, but found"),
        Rule::Code(C::NoMatchingOverload),
    ),
    (
        Pattern::Exact("textureStore can only be applied to storage textures"),
        Rule::Code(C::NoMatchingOverload),
    ),
    (
        Pattern::Prefix("textureGather component `"),
        Rule::Code(C::NoMatchingOverload),
    ),
    (
        Pattern::Exact("incorrect type passed to workgroupUniformLoad"),
        Rule::Code(C::NoMatchingOverload),
    ),
    (
        Pattern::Exact("unexpected argument type for `select` call"),
        Rule::Code(C::NoMatchingOverload),
    ),
    (
        Pattern::Exact("type mismatch for reject and accept values in `select` call"),
        Rule::Code(C::NoMatchingOverload),
    ),
    // Operands of unary operators (BadIncrDecrReferenceType, NotPointer, NotReference).
    (
        Pattern::Prefix("increment/decrement operation requires reference type"),
        Rule::Code(C::InvalidUnaryOperand),
    ),
    (
        Pattern::Exact("the operand of the `*` operator must be a pointer"),
        Rule::Code(C::InvalidUnaryOperand),
    ),
    (
        Pattern::Exact("the operand of the `&` operator must be a reference"),
        Rule::Code(C::InvalidUnaryOperand),
    ),
    // Conversions (AutoConversion, AutoConversionLeafScalar, ConcretizationFailed).
    (
        Pattern::Prefix("automatic conversions cannot convert"),
        Rule::Code(C::InvalidConversion),
    ),
    (
        Pattern::PrefixContains(
            "the concrete type `",
            "` cannot represent the abstract value",
        ),
        Rule::Code(C::InvalidConversion),
    ),
    (
        Pattern::Exact("failed to convert expression to a concrete type"),
        Rule::Code(C::InvalidConversion),
    ),
    // Calling what is not a function (CalledLocalDecl).
    (
        Pattern::Exact("local declaration cannot be called"),
        Rule::Code(C::UndefinedFunction),
    ),
    // A feature the module uses without its `enable` directive.
    (
        Pattern::PrefixSuffix("the `", "` enable extension is not enabled"),
        Rule::Code(C::MissingCapability),
    ),
    // Names.
    (
        Pattern::Prefix("no definition in scope for identifier: `"),
        Rule::UnknownIdent,
    ),
    (
        Pattern::PrefixSuffix("Function ", " not defined"),
        Rule::Code(C::UndefinedFunction),
    ),
    (
        Pattern::Prefix("redefinition of `"),
        Rule::Code(C::Redefinition),
    ),
    (
        Pattern::PrefixSuffix("declaration of `", "` is recursive"),
        Rule::Recursion,
    ),
    (
        Pattern::PrefixSuffix("declaration of `", "` is cyclic"),
        Rule::Recursion,
    ),
    // Accessors and indexing.
    (Pattern::Prefix("invalid field accessor `"), Rule::Accessor),
    (
        Pattern::Exact("Can only swizzle vector constants"),
        Rule::Code(C::InvalidSwizzle),
    ),
    (
        Pattern::Exact("swizzle component not present in source expression"),
        Rule::Code(C::InvalidSwizzle),
    ),
    (
        Pattern::Prefix("Invalid access into expression"),
        Rule::Code(C::NonIndexableType),
    ),
    (
        Pattern::Prefix("Invalid sub-access into type"),
        Rule::Code(C::NonIndexableType),
    ),
    // The constant evaluator says "the type" when a constant index is past a constant's end.
    (
        Pattern::Exact("Cannot access the type"),
        Rule::Code(C::IndexOutOfBounds),
    ),
    (
        Pattern::PrefixContains("Index ", " is out of bounds for expression"),
        Rule::Code(C::IndexOutOfBounds),
    ),
    (
        Pattern::Exact("Cannot access at the index"),
        Rule::Code(C::IndexOutOfBounds),
    ),
    (
        Pattern::Exact("Cannot access with index of type"),
        Rule::Code(C::NonIntegerIndex),
    ),
    // Constructors and conversions.
    (
        Pattern::Prefix("Constructor expects "),
        Rule::Code(C::ConstructorArgCount),
    ),
    (
        Pattern::Exact("Constructor must only contain vector or scalar arguments"),
        Rule::Code(C::ConstructorArgType),
    ),
    (
        Pattern::Prefix("invalid type for constructor component at index"),
        Rule::Code(C::ConstructorArgType),
    ),
    (
        Pattern::Exact("Splat is defined only on scalar values"),
        Rule::Code(C::InvalidSplat),
    ),
    (
        Pattern::Prefix("cannot cast a "),
        Rule::Code(C::InvalidConversion),
    ),
    (
        Pattern::Prefix("Cannot cast scalar components of expression"),
        Rule::Code(C::InvalidConversion),
    ),
    // Calls.
    (
        Pattern::Prefix("wrong number of arguments: expected "),
        Rule::CallArguments {
            constructor: C::ConstructorArgCount,
        },
    ),
    (
        Pattern::Prefix("too many arguments passed to `"),
        Rule::CallArguments {
            constructor: C::ConstructorArgCount,
        },
    ),
    (
        Pattern::Prefix("wrong type passed as argument #"),
        Rule::CallArguments {
            constructor: C::ConstructorArgType,
        },
    ),
    (
        Pattern::Prefix("inconsistent type passed as argument #"),
        Rule::CallArguments {
            constructor: C::ConstructorArgType,
        },
    ),
    (
        Pattern::Prefix("Call to builtin "),
        Rule::Code(C::NoMatchingOverload),
    ),
    // Operators and constant evaluation.
    (
        Pattern::Prefix("Incompatible operands"),
        Rule::Code(C::InvalidBinaryOperands),
    ),
    (
        Pattern::Exact("Cannot apply the binary op to the arguments"),
        Rule::Code(C::InvalidBinaryOperands),
    ),
    (
        Pattern::Exact("Cannot apply the unary op to the argument"),
        Rule::Code(C::InvalidUnaryOperand),
    ),
    (
        Pattern::Exact("Division by zero"),
        Rule::Code(C::ConstDivideByZero),
    ),
    (
        Pattern::Exact("Remainder by zero"),
        Rule::Code(C::ConstDivideByZero),
    ),
    (
        Pattern::Exact("RHS of shift operation is greater than or equal to 32"),
        Rule::Code(C::ShiftOutOfRange),
    ),
    (
        Pattern::PrefixSuffix("", " operation overflowed"),
        Rule::Overflow,
    ),
    (
        Pattern::Exact("this operation is not supported in a const context"),
        Rule::ConstContext,
    ),
    (
        Pattern::Prefix("Constants cannot "),
        Rule::Code(C::NonConstInitializer),
    ),
    (
        Pattern::Exact("Subexpression(s) are not constant"),
        Rule::Code(C::NonConstInitializer),
    ),
    (
        Pattern::Exact("Unexpected runtime-expression"),
        Rule::Code(C::NonConstInitializer),
    ),
    // Statements.
    (
        Pattern::Exact("A break if is only allowed in a continuing block"),
        Rule::Code(C::MisplacedControlFlow),
    ),
    (
        Pattern::Exact("invalid `switch` selector"),
        Rule::Code(C::NonIntegerSwitch),
    ),
    (
        Pattern::Exact("invalid `switch` case selector value"),
        Rule::Code(C::NonIntegerSwitch),
    ),
    (
        Pattern::PrefixContains("the type of `", "` is expected to be `"),
        Rule::Code(C::AssignTypeMismatch),
    ),
    (
        Pattern::Exact("invalid left-hand side of assignment"),
        Rule::Code(C::AssignTypeMismatch),
    ),
];

/// The code of a WGSL parse error: `message` and `labels` as naga gives them, `source` the text
/// naga parsed.
pub fn parse_code(message: &str, labels: &[(naga::Span, &str)], source: &str) -> DiagnosticCode {
    let Some(&(_, rule)) = PARSE_RULES.iter().find(|(p, _)| p.matches(message)) else {
        return C::WgslParseError;
    };
    let first = labels.first().and_then(|(s, _)| text_of(source, *s));
    match rule {
        Rule::Code(code) => code,
        Rule::Accessor => {
            let accessor = first.unwrap_or_default();
            let swizzle = |set: &str| {
                (1..=4).contains(&accessor.len()) && accessor.chars().all(|c| set.contains(c))
            };
            if swizzle("xyzw") || swizzle("rgba") {
                C::InvalidSwizzle
            } else {
                C::UndeclaredStructMember
            }
        }
        Rule::UnknownIdent => {
            let after = labels
                .first()
                .and_then(|(s, _)| s.to_range())
                .map(|r| r.end);
            match after.and_then(|end| source.get(end..)) {
                Some(rest) if rest.trim_start().starts_with('(') => C::UndefinedFunction,
                _ => C::UndeclaredIdentifier,
            }
        }
        Rule::Recursion => {
            let start = labels
                .first()
                .and_then(|(s, _)| s.to_range())
                .map(|r| r.start);
            let before = start
                .and_then(|start| source.get(..start))
                .unwrap_or_default();
            if before.trim_end().ends_with("fn") {
                C::RecursiveFunction
            } else {
                C::WgslParseError
            }
        }
        Rule::CallArguments { constructor } => {
            // The callee is in backquotes in the message, or the first label covers it.
            let callee = message.split('`').nth(1).or(first).unwrap_or_default();
            if is_type_name(callee) {
                constructor
            } else {
                C::NoMatchingOverload
            }
        }
        Rule::ConstContext => {
            // Inside `array<T, N>` when the last `array<` before it on its line is still open.
            let start = labels
                .first()
                .and_then(|(s, _)| s.to_range())
                .map(|r| r.start);
            let before = start
                .and_then(|start| source.get(..start))
                .unwrap_or_default();
            let line = before.rsplit('\n').next().unwrap_or_default();
            match line.rfind("array<") {
                Some(at) if !line[at..].contains('>') => C::NonConstArraySize,
                _ => C::NonConstInitializer,
            }
        }
        Rule::Overflow => {
            let expression = first.unwrap_or_default();
            let op = message.split(' ').next().unwrap_or_default();
            let rhs = |sep: &str| expression.rsplit(sep).next().map(parse_number);
            match op {
                "Divide" | "Remainder"
                    if rhs(if op == "Divide" { "/" } else { "%" }) == Some(Some(0.0)) =>
                {
                    C::ConstDivideByZero
                }
                "<<" | ">>" if rhs(op).flatten().is_some_and(|n| n >= 32.0) => C::ShiftOutOfRange,
                _ => C::WgslParseError,
            }
        }
    }
}

/// The value of a WGSL numeric literal such as `0.0`, `0f`, `999u`; `None` for anything else.
fn parse_number(text: &str) -> Option<f64> {
    let text = text.trim();
    let digits = text.trim_end_matches(['f', 'h', 'u', 'i']);
    digits.parse().ok()
}

/// Whether `name` spells a WGSL type that can be a constructor's callee.
fn is_type_name(name: &str) -> bool {
    const TYPES: &[&str] = &["bool", "f16", "f32", "i32", "u32", "vec", "mat", "array"];
    TYPES.iter().any(|t| name.starts_with(t))
}

fn text_of(source: &str, span: naga::Span) -> Option<&str> {
    span.to_range().and_then(|r| source.get(r))
}

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

/// A located diagnostic for a WGSL parse error of `source`.
pub fn parse_diagnostic(
    error: &naga::front::wgsl::ParseError,
    source: &str,
    map: SpanMap,
) -> Diagnostic {
    let labels: Vec<(naga::Span, &str)> = error.labels().collect();
    let code = parse_code(error.message(), &labels, source);
    let primary = labels.first().and_then(|(s, _)| map(*s));
    let mut d = match readable_typifier_message(error.message()) {
        // Naming an IR expression handle helps nobody: say it in the effect's terms, and keep
        // naga's words as a note.
        Some(message) => Diagnostic::error(code, primary, message)
            .with_note(format!("naga: {}", error.message())),
        None => Diagnostic::error(code, primary, error.message()),
    };
    // The first label explains the primary span; it becomes a note when it adds something.
    if let Some((_, label)) = labels.first()
        && !label.is_empty()
        && *label != error.message()
        && *label != "see msg"
    {
        d = d.with_note(*label);
    }
    for (s, label) in labels.iter().skip(1) {
        if let (Some(s), false) = (map(*s), label.is_empty()) {
            d = d.with_related(s, *label);
        }
    }
    for note in error.notes() {
        d = d.with_note(note);
    }
    d
}

/// The capabilities a validation error says the module needs and the validator lacks; `None`
/// when the error is about something else.
pub fn missing_capabilities(error: &ValidationError) -> Option<Capabilities> {
    let mut cause: Option<&(dyn std::error::Error + 'static)> = Some(error);
    while let Some(e) = cause {
        if let Some(caps) = capabilities_of(e) {
            return Some(caps);
        }
        cause = e.source();
    }
    None
}

/// The capabilities one level of an error chain names as missing.
fn capabilities_of(e: &(dyn std::error::Error + 'static)) -> Option<Capabilities> {
    let width = |w: &WidthError| match w {
        WidthError::MissingCapability { flag, .. } => flag_named(flag),
        _ => None,
    };
    if let Some(e) = e.downcast_ref::<TypeError>() {
        return match e {
            TypeError::MissingCapability(c) => Some(*c),
            TypeError::WidthError(w) => width(w),
            _ => None,
        };
    }
    if let Some(e) = e.downcast_ref::<WidthError>() {
        return width(e);
    }
    let found = match e.downcast_ref::<ExpressionError>() {
        Some(ExpressionError::MissingCapabilities(c)) => Some(*c),
        _ => None,
    }
    .or(match e.downcast_ref::<FunctionError>() {
        Some(FunctionError::MissingCapability(c)) => Some(*c),
        _ => None,
    })
    .or(match e.downcast_ref::<VaryingError>() {
        Some(VaryingError::UnsupportedCapability(c)) => Some(*c),
        _ => None,
    })
    .or(match e.downcast_ref::<GlobalVariableError>() {
        Some(GlobalVariableError::UnsupportedCapability(c)) => Some(*c),
        _ => None,
    })
    .or(match e.downcast_ref::<EntryPointError>() {
        Some(EntryPointError::UnsupportedCapability(c)) => Some(*c),
        _ => None,
    });
    // naga's atomic errors are not public, and transparent wrappers (a literal's width error
    // inside an expression error) hide the inner error: read the message of the innermost
    // level (outer levels repeat it), `Capability Capabilities(A | B) is required` or `Using
    // `i64` values requires the `naga::valid::Capabilities::SHADER_INT64` flag`.
    found.or_else(|| {
        if e.source().is_some() {
            return None;
        }
        let text = e.to_string();
        if let Some((_, rest)) = text.split_once("`naga::valid::Capabilities::") {
            return flag_named(rest.split_once('`')?.0);
        }
        let names = text.split_once("Capabilities(")?.1.split_once(')')?.0;
        names
            .split('|')
            .map(|n| flag_named(n.trim()))
            .try_fold(Capabilities::empty(), |all, c| Some(all | c?))
    })
}

/// The capability flag naga names `flag` (naga says `FLOAT16` for `SHADER_FLOAT16`).
fn flag_named(flag: &str) -> Option<Capabilities> {
    match flag {
        "FLOAT16" => Some(Capabilities::SHADER_FLOAT16),
        _ => Capabilities::from_name(flag),
    }
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

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
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

/// Where a parse error that naga reports without a span comes from (its typifier's errors carry
/// none: indexing a scalar, a constant index past a vector's end, ...), found by deleting
/// candidates from `wgsl` and parsing again: first the function whose body, replaced by an empty
/// loop, makes the error go away, then the index expression inside it whose removal does. Returns
/// a byte range of `wgsl` within its first `user_len` bytes (user text, not generated code).
/// Only runs on an error, and then parses the text once per function and per index expression.
pub fn locate_spanless(
    wgsl: &str,
    user_len: usize,
    message: &str,
) -> Option<std::ops::Range<usize>> {
    let same_error = |text: &str| match naga::front::wgsl::parse_str(text) {
        Ok(_) => false,
        Err(e) => normalize(e.message()) == normalize(message),
    };
    let user = &wgsl[..user_len.min(wgsl.len())];
    let bodies = function_bodies(user);
    let (name, body) = bodies.into_iter().find(|(_, body)| {
        // The body's inside becomes an endless loop (valid for any return type), padded so
        // that every other byte keeps its offset.
        let inside = body.start + 1..body.end - 1;
        inside.len() >= "loop{}".len()
            && !same_error(&replace(
                wgsl,
                inside.clone(),
                &format!("{:<1$}", "loop{}", inside.len()),
            ))
    })?;
    // Inside the function, the index expression `[...]` at fault. First with the index replaced
    // by 0, which keeps every type as it was, so only the culprit's change can clear the error
    // (a constant index out of bounds); then with `[...]` removed, which changes the indexed
    // expression's type, so only a removal that lets the whole text parse counts (indexing a
    // value that cannot be indexed).
    let text = wgsl.as_bytes();
    let indexes: Vec<std::ops::Range<usize>> = (body.start..body.end)
        .filter(|&i| text[i] == b'[')
        .filter_map(|i| matching(text, i, b'[', b']', body.end).map(|close| i..close + 1))
        .collect();
    for range in &indexes {
        let inside = range.start + 1..range.end - 1;
        if !inside.is_empty()
            && !same_error(&replace(
                wgsl,
                inside.clone(),
                &format!("{:<1$}", "0", inside.len()),
            ))
        {
            return Some(range.clone());
        }
    }
    for range in &indexes {
        if naga::front::wgsl::parse_str(&replace(wgsl, range.clone(), &" ".repeat(range.len())))
            .is_ok()
        {
            return Some(range.clone());
        }
    }
    Some(name)
}

/// glslang-style wording for naga's typifier errors, which name IR expression handles.
fn readable_typifier_message(message: &str) -> Option<String> {
    if let Some(rest) = message.strip_prefix("Invalid access into expression ") {
        return Some(if rest.ends_with("indexed: true") {
            "'[]' : the indexed value is not an array, vector or matrix".to_string()
        } else {
            "'.' : the value is not a structure or vector".to_string()
        });
    }
    let index = message
        .strip_prefix("Index ")?
        .split_once(" is out of bounds for expression")?
        .0;
    Some(format!(
        "'[{index}]' : index out of range for the indexed vector, matrix or array"
    ))
}

/// Messages name IR handles (`[3]`), which shift when the text changes: compare without them.
fn normalize(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    let mut in_handle = false;
    for c in message.chars() {
        match c {
            '[' => in_handle = true,
            ']' if in_handle => in_handle = false,
            _ if in_handle && c.is_ascii_digit() => {}
            _ => {
                if in_handle {
                    // Not a handle after all.
                    out.push('[');
                    in_handle = false;
                }
                out.push(c);
            }
        }
    }
    out
}

pub(crate) fn replace(text: &str, range: std::ops::Range<usize>, with: &str) -> String {
    let mut out = String::with_capacity(text.len());
    out.push_str(&text[..range.start]);
    out.push_str(with);
    out.push_str(&text[range.end..]);
    out
}

/// The byte after `open` (at `start`) that closes it, skipping nested pairs; `None` past `end`.
fn matching(text: &[u8], start: usize, open: u8, close: u8, end: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (i, &b) in text.iter().enumerate().take(end).skip(start) {
        if b == open {
            depth += 1;
        } else if b == close {
            depth -= 1;
            if depth == 0 {
                return Some(i);
            }
        }
    }
    None
}

/// Each top-level `fn`: the range of its name and of its body, braces included. Comments are
/// skipped (the preprocessor has already removed them from effects; plain WGSL files keep them).
pub(crate) fn function_bodies(text: &str) -> Vec<(std::ops::Range<usize>, std::ops::Range<usize>)> {
    // Comment bytes blanked, so braces inside them do not count.
    let code = blank_comments(text.as_bytes());
    let word = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let mut out = Vec::new();
    let mut depth = 0usize;
    let mut i = 0;
    while i < code.len() {
        match code[i] {
            b'{' => depth += 1,
            b'}' => depth = depth.saturating_sub(1),
            b'f' if depth == 0
                && code[i..].starts_with(b"fn")
                && (i == 0 || !word(code[i - 1]))
                && code.get(i + 2).is_some_and(|&b| !word(b)) =>
            {
                let name_start = (i + 2..code.len()).find(|&j| !code[j].is_ascii_whitespace());
                let name_end = name_start
                    .and_then(|s| (s..code.len()).find(|&j| !word(code[j])))
                    .unwrap_or(code.len());
                let open = (i..code.len()).find(|&j| code[j] == b'{');
                if let (Some(name_start), Some(open)) = (name_start, open)
                    && let Some(close) = matching(&code, open, b'{', b'}', code.len())
                {
                    out.push((name_start..name_end, open..close + 1));
                    i = close + 1;
                    continue;
                }
            }
            _ => {}
        }
        i += 1;
    }
    out
}

/// `bytes` with the bytes of `//` and (nested) `/* */` comments replaced by spaces.
fn blank_comments(bytes: &[u8]) -> Vec<u8> {
    let mut code = bytes.to_vec();
    let mut i = 0;
    while i + 1 < code.len() {
        match (code[i], code[i + 1]) {
            (b'/', b'/') => {
                while i < code.len() && code[i] != b'\n' {
                    code[i] = b' ';
                    i += 1;
                }
            }
            (b'/', b'*') => {
                let mut depth = 0;
                while i + 1 < code.len() {
                    if code[i] == b'/' && code[i + 1] == b'*' {
                        depth += 1;
                        code[i] = b' ';
                        code[i + 1] = b' ';
                        i += 2;
                    } else if code[i] == b'*' && code[i + 1] == b'/' {
                        depth -= 1;
                        code[i] = b' ';
                        code[i + 1] = b' ';
                        i += 2;
                        if depth == 0 {
                            break;
                        }
                    } else {
                        code[i] = b' ';
                        i += 1;
                    }
                }
            }
            _ => i += 1,
        }
    }
    code
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::render::Range;
    use crate::wgsl_file::{WgslOutput, check_wgsl};

    fn check(text: &str) -> WgslOutput {
        check_wgsl(Path::new("t.wgsl"), text.to_string())
    }

    /// Where each diagnostic starts, as (code, line, column); `None` when naga gives no span.
    fn found(out: &WgslOutput) -> Vec<(DiagnosticCode, Option<(u32, u32)>)> {
        out.diagnostics
            .iter()
            .map(|d| {
                let at = d.span.map(|span| {
                    let range = Range::of(&out.sources, span);
                    (range.start.line, range.start.column)
                });
                (d.code, at)
            })
            .collect()
    }

    /// One test per mapped naga error: the WGSL that triggers it, its code, where it starts.
    macro_rules! mapped {
        ($($name:ident: $wgsl:expr => $code:ident at $at:expr;)*) => {$(
            #[test]
            fn $name() {
                let out = check($wgsl);
                assert_eq!(
                    found(&out),
                    [(DiagnosticCode::$code, $at)],
                    "{:#?}",
                    out.diagnostics
                );
            }
        )*};
    }

    mapped! {
        // Parse errors, classified by message.
        unexpected_token: "fn f() {\n    let x = ;\n}\n" => SyntaxError at Some((2, 13));
        unknown_identifier: "fn f() -> f32 {\n    return y;\n}\n"
            => UndeclaredIdentifier at Some((2, 12));
        unknown_function: "fn f() {\n    notAFunc();\n}\n" => UndefinedFunction at Some((2, 5));
        redefinition: "fn f() {\n    let x = 1.0;\n    let x = 2.0;\n}\n"
            => Redefinition at Some((3, 9));
        recursive_function: "fn f() -> f32 {\n    return f();\n}\n"
            => RecursiveFunction at Some((1, 4));
        cyclic_functions: "fn f() -> f32 { return g(); }\nfn g() -> f32 { return f(); }\n"
            => RecursiveFunction at Some((2, 4));
        swizzle_past_vector_end: "fn f() {\n    let v = vec2f(1.0);\n    let w = v.xyz;\n}\n"
            => InvalidSwizzle at Some((3, 15));
        swizzle_of_scalar: "fn f() {\n    let v = 1.0;\n    let w = v.x;\n}\n"
            => InvalidSwizzle at Some((3, 15));
        missing_struct_member: "struct S { a: f32 }\nfn f(s: S) -> f32 {\n    return s.foo;\n}\n"
            => UndeclaredStructMember at Some((3, 14));
        // naga's typifier errors carry no span: found by deleting candidates (the index).
        index_into_scalar: "fn f() {\n    let x = 1.0;\n    let y = x[0];\n}\n"
            => NonIndexableType at Some((3, 14));
        constant_index_past_vector: "fn f() {\n    let v = vec3f(1.0);\n    let y = v[3];\n}\n"
            => IndexOutOfBounds at Some((3, 14));
        spanless_error_in_the_second_function: "fn f() -> f32 {\n    return 1.0;\n}\n// fn g() { [9] }\nfn g() {\n    let v = vec2f(1.0);\n    let a = array<f32, 2>(1.0, 2.0)[1];\n    let y = v[a > 0.0];\n    let z = v[2];\n}\n"
            => IndexOutOfBounds at Some((9, 14));
        constant_index_past_constant: "fn f() {\n    const y = vec2f(1.0)[5];\n}\n"
            => IndexOutOfBounds at Some((2, 15));
        constructor_component_count: "fn f() {\n    let v = vec3f(1.0, 2.0);\n}\n"
            => ConstructorArgCount at Some((2, 13));
        constructor_component_type: "fn f() {\n    let y = vec2(true, 1.0);\n}\n"
            => ConstructorArgType at Some((2, 24));
        constructor_argument_type: "fn f() {\n    let v = vec3f(true);\n}\n"
            => ConstructorArgType at Some((2, 13));
        cast_of_sampler: "fn f(s: sampler) {\n    let y = f32(s);\n}\n"
            => InvalidConversion at Some((2, 17));
        builtin_argument_count: "fn f() {\n    let y = max(1.0);\n}\n"
            => NoMatchingOverload at Some((2, 13));
        builtin_too_many_arguments: "fn f() {\n    let y = max(1.0, 2.0, 3.0);\n}\n"
            => NoMatchingOverload at Some((2, 13));
        builtin_argument_type: "fn f() {\n    let y = max(1.0, true);\n}\n"
            => NoMatchingOverload at Some((2, 13));
        builtin_inconsistent_arguments: "fn f() {\n    let y = max(1.0, 1u);\n}\n"
            => NoMatchingOverload at Some((2, 13));
        constant_division_by_zero: "const y = 1 / 0;\n" => ConstDivideByZero at Some((1, 11));
        constant_float_division_by_zero: "const y = 1.0 / 0.0;\n"
            => ConstDivideByZero at Some((1, 11));
        constant_remainder_by_zero: "const y = 1 % 0;\n" => ConstDivideByZero at Some((1, 11));
        constant_shift_overflow: "const y = 1i << 999u;\n" => ShiftOutOfRange at Some((1, 11));
        constant_shift_too_far: "const y = 1u >> 40u;\n" => ShiftOutOfRange at Some((1, 11));
        constant_unary_operand: "const y = -true;\n" => InvalidUnaryOperand at Some((1, 11));
        constant_binary_operands: "const y = true + 1;\n" => InvalidBinaryOperands at Some((1, 11));
        runtime_array_size: "fn f() {\n    var n = 4;\n    var a: array<f32, n>;\n}\n"
            => NonConstArraySize at Some((3, 23));
        runtime_const_initializer: "fn f(x: f32) {\n    const y = x;\n}\n"
            => NonConstInitializer at Some((2, 15));
        break_if_outside_continuing: "fn f() {\n    loop { break if true; }\n}\n"
            => MisplacedControlFlow at Some((2, 12));
        float_switch_selector: "fn f() {\n    let x = 1.0;\n    switch x { default {} }\n}\n"
            => NonIntegerSwitch at Some((3, 12));
        float_switch_case: "fn f() {\n    switch 1 { case 1.0 {} default {} }\n}\n"
            => NonIntegerSwitch at Some((2, 21));
        initializer_type: "fn f() {\n    let x: f32 = 1u;\n}\n" => AssignTypeMismatch at Some((2, 9));
        assignment_to_let: "fn f() {\n    let x = 1.0;\n    x = 2.0;\n}\n"
            => AssignTypeMismatch at Some((3, 5));

        // Validation errors, matched on naga's enums.
        negative_index: "fn f() {\n    let v = array<f32, 3>(1.0, 2.0, 3.0);\n    let y = v[-1];\n}\n"
            => IndexOutOfBounds at Some((3, 13));
        runtime_shift_too_far: "fn f() {\n    var i = 1i;\n    let y = i << 999u;\n}\n"
            => ShiftOutOfRange at Some((3, 13));
        binary_operands: "fn f() {\n    let x = 1.0;\n    let y = x + true;\n}\n"
            => InvalidBinaryOperands at Some((3, 13));
        unary_operand: "fn f() {\n    let b = true;\n    let y = -b;\n}\n"
            => InvalidUnaryOperand at Some((3, 13));
        float_index: "fn f() {\n    var v = vec3f(1.0);\n    let i = 1.5;\n    let y = v[i];\n}\n"
            => NonIntegerIndex at Some((4, 13));
        sampling_without_sampler: "@group(0) @binding(0) var t: texture_2d<f32>;\nfn f(x: f32) -> vec4f {\n    return textureSample(t, x, vec2f(0.0));\n}\n"
            => ExpectedSampler at Some((3, 12));
        struct_constructor_type: "struct S { a: f32 }\nfn f() {\n    let s = S(true);\n}\n"
            => ConstructorArgType at Some((3, 13));
        call_argument_count: "fn g(x: f32) {}\nfn f() {\n    g();\n}\n"
            => NoMatchingOverload at Some((3, 5));
        call_argument_type: "fn g(x: f32) {}\nfn f() {\n    g(1u);\n}\n"
            => NoMatchingOverload at Some((3, 7));
        return_in_void_function: "fn f() {\n    return 1.0;\n}\n"
            => ReturnInVoidFunction at Some((2, 12));
        missing_return: "fn f() -> f32 {\n}\n" => MissingReturn at Some((1, 1));
        return_type: "fn f() -> f32 {\n    return vec3f(1.0);\n}\n"
            => ReturnTypeMismatch at Some((2, 12));
        non_constructible_return: "fn f() -> sampler {\n}\n"
            => NonConstructibleReturnType at Some((1, 1));
        float_if_condition: "fn f() {\n    let x = 1.0;\n    if x {\n    }\n}\n"
            => NonBoolCondition at Some((2, 13));
        duplicate_case: "fn f(x: i32) {\n    switch x {\n        case 1 {}\n        case 1 {}\n        default {}\n    }\n}\n"
            => DuplicateSwitchCase at Some((1, 1));
        missing_default: "fn f(x: i32) {\n    switch x {\n        case 1 {}\n    }\n}\n"
            => InvalidSwitchDefault at Some((2, 5));
        two_defaults: "fn f(x: i32) {\n    switch x {\n        default {}\n        default {}\n    }\n}\n"
            => InvalidSwitchDefault at Some((1, 1));
        break_outside_loop: "fn f() {\n    break;\n}\n" => MisplacedControlFlow at Some((2, 5));
        continue_outside_loop: "fn f() {\n    continue;\n}\n"
            => MisplacedControlFlow at Some((2, 5));
        store_type: "fn f() {\n    var x: f32;\n    x = vec3f(1.0);\n}\n"
            => AssignTypeMismatch at Some((3, 9));
        uniform_initializer: "@group(0) @binding(0) var<uniform> u: f32 = 1.0;\n"
            => UniformInitializer at Some((1, 23));
        uniform_type: "@group(0) @binding(0) var<uniform> u: sampler;\n"
            => InvalidUniformType at Some((1, 23));
        // Entry point errors carry no span; they are located at the entry point's name.
        missing_vertex_position: "@vertex fn v() -> @location(0) vec4f {\n    return vec4f(1.0);\n}\n"
            => MissingVertexPosition at Some((1, 12));
        vertex_builtin_type: "@vertex fn v() -> @builtin(position) f32 {\n    return 1.0;\n}\n"
            => VertexEntryReturnType at Some((1, 12));
        fragment_output_binding: "@fragment fn f() -> vec4f {\n    return vec4f(1.0);\n}\n"
            => FragmentEntryReturnType at Some((1, 14));
        sampler_input: "@fragment fn f(@location(0) x: sampler) -> @location(0) vec4f {\n    return vec4f(1.0);\n}\n"
            => InvalidVaryingStruct at Some((1, 14));
        integer_varying: "struct V {\n    @builtin(position) p: vec4f,\n    @location(0) i: i32,\n}\n@vertex fn v() -> V {\n    return V(vec4f(1.0), 1);\n}\n"
            => NonFlatIntegerVarying at Some((1, 1));
    }

    #[test]
    fn errors_in_independent_functions_are_all_reported() {
        // `c` calls the broken `a`: `a` is reported once and `c` is checked against its signature.
        let out = check(
            "fn a() -> f32 {\n    return 1u;\n}\nfn b() {\n    break;\n}\nfn c() -> f32 {\n    return a();\n}\n",
        );
        assert_eq!(
            found(&out),
            [
                (DiagnosticCode::ReturnTypeMismatch, Some((2, 12))),
                (DiagnosticCode::MisplacedControlFlow, Some((5, 5))),
            ],
            "{:#?}",
            out.diagnostics
        );
        assert!(out.module.is_none());
    }

    #[test]
    fn a_helper_shared_by_entry_points_is_reported_once() {
        let out = check(
            "fn h() -> f32 {\n    return 1u;\n}\n\
             @vertex fn v() -> @builtin(position) vec4f {\n    return vec4f(h());\n}\n\
             @fragment fn f() -> @location(0) vec4f {\n    let x = h();\n    continue;\n}\n\
             @vertex fn w() -> @location(0) vec4f {\n    return vec4f(h());\n}\n",
        );
        assert_eq!(
            found(&out),
            [
                (DiagnosticCode::ReturnTypeMismatch, Some((2, 12))),
                (DiagnosticCode::MisplacedControlFlow, Some((9, 5))),
                (DiagnosticCode::MissingVertexPosition, Some((11, 12))),
            ],
            "{:#?}",
            out.diagnostics
        );
    }

    #[test]
    fn a_broken_signature_stops_validation() {
        // Stubbing `a`'s body cannot fix its return type, so `b` is not checked.
        let out = check("fn a() -> sampler {\n}\nfn b() {\n    break;\n}\n");
        assert_eq!(
            found(&out),
            [(DiagnosticCode::NonConstructibleReturnType, Some((1, 1)))]
        );
    }

    #[test]
    fn ir_labels_read_as_words() {
        assert_eq!(ir_label("naga::ir::GlobalVariable [2]"), "global variable");
        assert_eq!(ir_label("naga::ir::Function [0]"), "function");
        assert_eq!(ir_label("other"), "other");
    }
}
