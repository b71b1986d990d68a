//! The diagnostic model: severity, code, message, range, notes.

use std::fmt::{self, Write as _};

use crate::source::{LineNaming, Location, SourceMap, Span};

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    Note,
    Warning,
    Error,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Note => "note",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

/// Declares [`DiagnosticCode`] from one list: the enum (with each variant's doc comment), `ALL`
/// in declaration order and `as_str`, so the three cannot drift apart. A new code is one more
/// `/// doc` + `Name,` entry at the end of the list.
macro_rules! diagnostic_codes {
    ($($(#[$attr:meta])* $name:ident,)*) => {
        /// What went wrong, as a stable machine-readable code.
        ///
        /// The names follow the analyzer RFC's catalogue where a rule has an anchor there.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[non_exhaustive]
        pub enum DiagnosticCode {
            $($(#[$attr])* $name,)*
        }

        impl DiagnosticCode {
            /// Every code, in declaration order (the fixture test checks each has a fixture
            /// folder).
            pub const ALL: &[DiagnosticCode] = &[$(DiagnosticCode::$name,)*];

            /// The code's name, as written in JSON, SARIF and the human output.
            pub fn as_str(self) -> &'static str {
                match self {
                    $(DiagnosticCode::$name => stringify!($name),)*
                }
            }
        }
    };
}

diagnostic_codes! {
    /// A file could not be read.
    IoError,
    /// An `#include` names a file that is not found or includes itself.
    IncludeError,
    /// The effect structure does not parse (unexpected token, unterminated block).
    SyntaxError,
    /// A declaration reuses a name.
    Redefinition,
    /// A name that is not declared (texture, sampler, entry point).
    UndeclaredIdentifier,
    /// A pass lacks its vertex or pixel shader.
    MissingEntry,
    /// A pass assigns the same state twice.
    DuplicateEntryAssignment,
    /// A pass names a function that is not an entry point of the right stage.
    EntryNotFound,
    /// An unknown state name in a texture, sampler or pass block.
    InvalidRenderStateName,
    /// A state value of the wrong kind or outside its set.
    InvalidRenderStateValue,
    /// An annotation or initial value that does not fit its uniform.
    InvalidAnnotation,
    /// A type the effect structure does not support there.
    UnsupportedType,
    /// A texture size or count out of range.
    InvalidSize,
    /// A WGSL parse error reported by naga.
    WgslParseError,
    /// A WGSL validation error reported by naga.
    WgslValidationError,
    /// An INI preset line that does not parse or names something unknown.
    PresetError,
    /// A malformed or failing preprocessor directive, `#error`, or a macro that cannot expand.
    PreprocessorError,
    /// `#warning`, or a directive that works but is suspicious (extra tokens).
    PreprocessorWarning,
    /// A `#define` of an existing macro: a warning when it changes it (WFX), an error always (FX).
    MacroRedefinition,
    /// A `#pragma` fxbench does not know; it is ignored.
    UnknownPragma,
    /// The text of a `#pragma message`.
    PragmaMessage,
    /// A `source` annotation that names no runtime source.
    UnknownSource,
    /// A texture semantic other than COLOR and DEPTH: it is bound to an empty texture.
    UnknownSemantic,
    /// A texture's `source` image that ReShade's runtime loads into no texture of its format or
    /// depth: the texture stays black.
    ImageNotLoaded,
    /// A uniform declared in the effect's own file that no pass reads.
    UnusedUniform,
    /// A texture declared in the effect's own file that no pass samples or renders to.
    UnusedTexture,
    /// A sampler declared in the effect's own file that no pass uses.
    UnusedSampler,
    /// A function in the effect's own file that no pass's entry points call.
    UnusedFunction,
    /// A texture that passes render to but no pass reads.
    RenderTargetNeverRead,
    /// `SRGBWriteEnable` on a render target whose format has no sRGB view (an error, as in ReShade).
    SrgbWriteWithoutSrgbFormat,
    /// A pixel shader's `@location` outputs do not match the pass's render targets.
    PixelShaderOutputMismatch,
    /// A statement after `return`, `discard`, `break` or `continue` in the same block.
    UnreachableCode,
    /// A swizzle on a non-vector, or a component the vector does not have.
    InvalidSwizzle,
    /// A struct member that the struct does not declare.
    UndeclaredStructMember,
    /// A type constructor given the wrong number of components.
    ConstructorArgCount,
    /// A type constructor given a component of the wrong type.
    ConstructorArgType,
    /// A splat of something that is not a scalar.
    InvalidSplat,
    /// An index into a value that cannot be indexed.
    NonIndexableType,
    /// A constant index that is negative or past the end.
    IndexOutOfBounds,
    /// An index that is not an integer.
    NonIntegerIndex,
    /// A constant division or remainder by zero, or of the smallest `int` by -1 (whose
    /// quotient no `int` holds).
    ConstDivideByZero,
    /// A constant shift by at least the operand's bit width.
    ShiftOutOfRange,
    /// Binary operands of types the operator does not accept together.
    InvalidBinaryOperands,
    /// A unary operand of a type the operator does not accept.
    InvalidUnaryOperand,
    /// A conversion between types that do not convert.
    InvalidConversion,
    /// An array size that is not a constant expression.
    NonConstArraySize,
    /// A `const` initialised by something that is not a constant expression.
    NonConstInitializer,
    /// A global resource or variable declared with a type its address space forbids.
    InvalidUniformType,
    /// An initial value on a global that cannot have one (uniform, storage, handle).
    UniformInitializer,
    /// A sampling call whose sampler argument is not a sampler.
    ExpectedSampler,
    /// An expression used outside the scope where it is declared.
    UseBeforeDeclaration,
    /// A call to a function that is not defined.
    UndefinedFunction,
    /// A call whose arguments match no signature of the function.
    NoMatchingOverload,
    /// A `return` with a value in a function that returns nothing.
    ReturnInVoidFunction,
    /// A function with a return type that can end without returning a value.
    MissingReturn,
    /// A function that returns a type that cannot be constructed.
    NonConstructibleReturnType,
    /// An `if` condition that is not a `bool`.
    NonBoolCondition,
    /// A `switch` selector or case value that is not an integer of one type.
    NonIntegerSwitch,
    /// A `switch` that lists the same case value twice.
    DuplicateSwitchCase,
    /// A `switch` without exactly one `default`.
    InvalidSwitchDefault,
    /// `break`, `continue`, `break if` or `return` where the construct is not allowed.
    MisplacedControlFlow,
    /// A function that calls itself, directly or through others.
    RecursiveFunction,
    /// A returned value whose type is not the declared return type.
    ReturnTypeMismatch,
    /// An assignment to something that is not writable, or of a value of another type.
    AssignTypeMismatch,
    /// A vertex entry point whose inputs or outputs are not a valid stage interface.
    VertexEntryReturnType,
    /// A fragment entry point whose inputs or outputs are not a valid stage interface.
    FragmentEntryReturnType,
    /// A stage input or output of a type that cannot cross stages.
    InvalidVaryingStruct,
    /// A vertex entry point that does not output `@builtin(position)`.
    MissingVertexPosition,
    /// An integer stage input or output that is not `@interpolate(flat)`.
    NonFlatIntegerVarying,
    // --- ReShade FX front end (`fx/`) ---
    /// A vector or matrix converted implicitly to one with fewer components (ReShade warns).
    ImplicitTruncation,
    /// A ReShade FX construct the lowering to WGSL does not support yet.
    UnsupportedFeature,
    /// A feature the shader uses that the target it is checked against does not offer (64-bit
    /// integers, `f64`, ...), or that needs an `enable` directive the shader lacks.
    MissingCapability,
    /// A vertex or pixel shader parameter or result without a semantic (ReShade's X3502 and
    /// X3503).
    MissingSemantic,
    /// A qualifier, semantic or attribute a declaration or statement cannot have (ReShade's
    /// X3006–X3010, X3035, X3043, X3046, X3047, X3055, X3076, X3524, X4568, X4576).
    InvalidQualifier,
    // --- Passes (`build/pass.rs`) ---
    /// A pass samples a texture it renders to: ReShade accepts it and leaves the result to the
    /// graphics API; fxbench reads a copy made before the pass (a warning).
    RenderTargetSampled,
    // --- Limits (`limits.rs`) ---
    /// A pass or item exceeds a limit of the device it is checked against (`--target device`:
    /// workgroup counts and size, workgroup memory, bindings, render targets, varyings, texture
    /// dimensions, the uniform block), or any target's private-memory budget.
    LimitExceeded,
    // --- ReShade FX warnings ReShade gives (`fx/check/`) ---
    /// A global variable without `uniform` or `static`: ReShade makes it a uniform and warns
    /// (X5000).
    ImplicitUniform,
    /// A type before an annotation's name, which ReShade ignores and warns of (X4717).
    DeprecatedSyntax,
    /// A `switch` without any `case` or `default` label (ReShade's X5002).
    EmptySwitch,
    /// A struct without members (ReShade's X5001).
    EmptyStruct,
}

impl DiagnosticCode {
    /// Whether only the preprocessor reports it.
    pub fn is_preprocessor(self) -> bool {
        use DiagnosticCode as C;
        matches!(
            self,
            C::IncludeError
                | C::PreprocessorError
                | C::PreprocessorWarning
                | C::MacroRedefinition
                | C::UnknownPragma
                | C::PragmaMessage
        )
    }
}

impl fmt::Display for DiagnosticCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One finding, located in the source.
#[derive(Clone, Debug, PartialEq)]
pub struct Diagnostic {
    pub severity: Severity,
    pub code: DiagnosticCode,
    pub message: String,
    /// Where it is; `None` only for problems with no source position (an unreadable root file).
    pub span: Option<Span>,
    /// Secondary locations with a short label each.
    pub related: Vec<(Span, String)>,
    pub notes: Vec<String>,
}

impl Diagnostic {
    pub fn error(
        code: DiagnosticCode,
        span: impl Into<Option<Span>>,
        message: impl Into<String>,
    ) -> Self {
        Self {
            severity: Severity::Error,
            code,
            message: message.into(),
            span: span.into(),
            related: Vec::new(),
            notes: Vec::new(),
        }
    }

    pub fn warning(
        code: DiagnosticCode,
        span: impl Into<Option<Span>>,
        message: impl Into<String>,
    ) -> Self {
        Self {
            severity: Severity::Warning,
            ..Self::error(code, span, message)
        }
    }

    pub fn with_note(mut self, note: impl Into<String>) -> Self {
        self.notes.push(note.into());
        self
    }

    pub fn with_related(mut self, span: Span, label: impl Into<String>) -> Self {
        self.related.push((span, label.into()));
        self
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// How `#line` names the file in this diagnostic's reported location: as ReShade does, the
    /// preprocessor's diagnostics take the name a `#line` gives, later stages' the real one.
    pub fn line_naming(&self) -> LineNaming {
        if self.code.is_preprocessor() {
            LineNaming::Renamed
        } else {
            LineNaming::RealName
        }
    }

    /// The location reported for it (`fxbench check`, the Diagnostics panel's text, the
    /// conformance suite): its span as `#line` directives renumber it ([`SourceMap::presumed`]).
    /// Editors, lints and source maps use the span itself, where the text is.
    pub fn reported_location<'a>(&self, sources: &'a SourceMap) -> Option<Location<'a>> {
        Some(sources.presumed(self.span?, self.line_naming()))
    }

    /// The location reported for related span `span` (see [`Self::reported_location`]).
    pub fn reported_related<'a>(&self, sources: &'a SourceMap, span: Span) -> Location<'a> {
        sources.presumed(span, self.line_naming())
    }

    /// `path:line:col: severity[Code]: message`, then notes; one line each. Locations are the
    /// ones `#line` gives ([`SourceMap::presumed`]).
    pub fn render_short(&self, sources: &SourceMap) -> String {
        let mut out = String::new();
        if let Some(span) = self.span {
            let _ = write!(out, "{}: ", sources.presumed(span, self.line_naming()));
        }
        let _ = write!(
            out,
            "{}[{}]: {}",
            self.severity.as_str(),
            self.code,
            self.message
        );
        for (span, label) in &self.related {
            let _ = write!(
                out,
                "\n  {}: {}",
                self.reported_related(sources, *span),
                label
            );
        }
        for note in &self.notes {
            let _ = write!(out, "\n  note: {note}");
        }
        out
    }
}

/// Whether any diagnostic in the list is an error.
pub fn has_errors(diagnostics: &[Diagnostic]) -> bool {
    diagnostics.iter().any(Diagnostic::is_error)
}
