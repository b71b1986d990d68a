//! WGSL parse errors: their code, from naga's rendered message by the patterns in
//! `PARSE_RULES` (with a look at the source where a pattern needs one), and their location.

use super::SpanMap;
use crate::diagnostic::{Diagnostic, DiagnosticCode};

use DiagnosticCode as C;

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
