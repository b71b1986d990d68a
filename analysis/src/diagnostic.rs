//! The diagnostic model: severity, code, message, range, notes.

use std::fmt::{self, Write as _};

use crate::source::{SourceMap, Span};

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

/// What went wrong, as a stable machine-readable code.
///
/// The names follow the analyzer RFC's catalogue where a rule has an anchor there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DiagnosticCode {
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
    /// A `#define` that changes an existing macro.
    MacroRedefinition,
    /// A `#pragma` fxbench does not know; it is ignored.
    UnknownPragma,
    /// The text of a `#pragma message`.
    PragmaMessage,
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
    /// `SRGBWriteEnable` on a render target whose format has no sRGB view; it has no effect.
    SrgbWriteWithoutSrgbFormat,
    /// A pixel shader's `@location` outputs do not match the pass's render targets.
    PixelShaderOutputMismatch,
    /// A statement after `return`, `discard`, `break` or `continue` in the same block.
    UnreachableCode,
}

impl DiagnosticCode {
    /// Every code, in declaration order (the fixture test checks each has a fixture folder).
    pub const ALL: &[DiagnosticCode] = &[
        DiagnosticCode::IoError,
        DiagnosticCode::IncludeError,
        DiagnosticCode::SyntaxError,
        DiagnosticCode::Redefinition,
        DiagnosticCode::UndeclaredIdentifier,
        DiagnosticCode::MissingEntry,
        DiagnosticCode::DuplicateEntryAssignment,
        DiagnosticCode::EntryNotFound,
        DiagnosticCode::InvalidRenderStateName,
        DiagnosticCode::InvalidRenderStateValue,
        DiagnosticCode::InvalidAnnotation,
        DiagnosticCode::UnsupportedType,
        DiagnosticCode::InvalidSize,
        DiagnosticCode::WgslParseError,
        DiagnosticCode::WgslValidationError,
        DiagnosticCode::PresetError,
        DiagnosticCode::PreprocessorError,
        DiagnosticCode::PreprocessorWarning,
        DiagnosticCode::MacroRedefinition,
        DiagnosticCode::UnknownPragma,
        DiagnosticCode::PragmaMessage,
        DiagnosticCode::UnusedUniform,
        DiagnosticCode::UnusedTexture,
        DiagnosticCode::UnusedSampler,
        DiagnosticCode::UnusedFunction,
        DiagnosticCode::RenderTargetNeverRead,
        DiagnosticCode::SrgbWriteWithoutSrgbFormat,
        DiagnosticCode::PixelShaderOutputMismatch,
        DiagnosticCode::UnreachableCode,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            DiagnosticCode::IoError => "IoError",
            DiagnosticCode::IncludeError => "IncludeError",
            DiagnosticCode::SyntaxError => "SyntaxError",
            DiagnosticCode::Redefinition => "Redefinition",
            DiagnosticCode::UndeclaredIdentifier => "UndeclaredIdentifier",
            DiagnosticCode::MissingEntry => "MissingEntry",
            DiagnosticCode::DuplicateEntryAssignment => "DuplicateEntryAssignment",
            DiagnosticCode::EntryNotFound => "EntryNotFound",
            DiagnosticCode::InvalidRenderStateName => "InvalidRenderStateName",
            DiagnosticCode::InvalidRenderStateValue => "InvalidRenderStateValue",
            DiagnosticCode::InvalidAnnotation => "InvalidAnnotation",
            DiagnosticCode::UnsupportedType => "UnsupportedType",
            DiagnosticCode::InvalidSize => "InvalidSize",
            DiagnosticCode::WgslParseError => "WgslParseError",
            DiagnosticCode::WgslValidationError => "WgslValidationError",
            DiagnosticCode::PresetError => "PresetError",
            DiagnosticCode::PreprocessorError => "PreprocessorError",
            DiagnosticCode::PreprocessorWarning => "PreprocessorWarning",
            DiagnosticCode::MacroRedefinition => "MacroRedefinition",
            DiagnosticCode::UnknownPragma => "UnknownPragma",
            DiagnosticCode::PragmaMessage => "PragmaMessage",
            DiagnosticCode::UnusedUniform => "UnusedUniform",
            DiagnosticCode::UnusedTexture => "UnusedTexture",
            DiagnosticCode::UnusedSampler => "UnusedSampler",
            DiagnosticCode::UnusedFunction => "UnusedFunction",
            DiagnosticCode::RenderTargetNeverRead => "RenderTargetNeverRead",
            DiagnosticCode::SrgbWriteWithoutSrgbFormat => "SrgbWriteWithoutSrgbFormat",
            DiagnosticCode::PixelShaderOutputMismatch => "PixelShaderOutputMismatch",
            DiagnosticCode::UnreachableCode => "UnreachableCode",
        }
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

    /// `path:line:col: severity[Code]: message`, then notes; one line each.
    pub fn render_short(&self, sources: &SourceMap) -> String {
        let mut out = String::new();
        if let Some(span) = self.span {
            let _ = write!(out, "{}: ", sources.location(span));
        }
        let _ = write!(
            out,
            "{}[{}]: {}",
            self.severity.as_str(),
            self.code,
            self.message
        );
        for (span, label) in &self.related {
            let _ = write!(out, "\n  {}: {}", sources.location(*span), label);
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
