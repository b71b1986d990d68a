//! Checks a plain `.wgsl` file: naga parses and validates it, and its errors become located
//! [`Diagnostic`]s, mapped the same way `lower.rs` maps errors in an effect's WGSL.

use std::fmt::Write as _;
use std::path::Path;

use crate::diagnostic::{Diagnostic, DiagnosticCode};
use crate::source::{FileId, SourceMap, Span};

/// What checking a WGSL file produced: the file, the module when it is valid, every diagnostic.
#[derive(Debug)]
pub struct WgslOutput {
    pub sources: SourceMap,
    /// The parsed module and naga's analysis of it; `None` when there are errors.
    pub module: Option<(naga::Module, naga::valid::ModuleInfo)>,
    pub diagnostics: Vec<Diagnostic>,
}

/// Parses and validates WGSL `text` that lives at `path` (used only to name the file).
pub fn check_wgsl(path: &Path, text: String) -> WgslOutput {
    let mut sources = SourceMap::new();
    let file = sources.add(path, text);
    let text = &sources.get(file).text;
    let (module, diagnostics) = match validate(file, text) {
        Ok(module) => (Some(module), Vec::new()),
        Err(diagnostic) => (None, vec![diagnostic]),
    };
    WgslOutput {
        sources,
        module,
        diagnostics,
    }
}

fn validate(
    file: FileId,
    text: &str,
) -> Result<(naga::Module, naga::valid::ModuleInfo), Diagnostic> {
    // naga spans are byte ranges of the text we gave it, so they map one to one.
    let span = |s: naga::Span| s.to_range().map(|r| Span::new(file, r.start, r.end));
    let module = naga::front::wgsl::parse_str(text).map_err(|error| {
        let labels: Vec<_> = error.labels().collect();
        let primary = labels.first().and_then(|(s, _)| span(*s));
        let mut d = Diagnostic::error(DiagnosticCode::WgslParseError, primary, error.message());
        // The first label explains the primary span; it becomes a note when it adds something.
        if let Some((_, label)) = labels.first() {
            if !label.is_empty() && *label != error.message() {
                d = d.with_note(*label);
            }
        }
        for (s, label) in labels.iter().skip(1) {
            if let (Some(s), false) = (span(*s), label.is_empty()) {
                d = d.with_related(s, *label);
            }
        }
        for note in error.notes() {
            d = d.with_note(note);
        }
        d
    })?;
    let mut validator = naga::valid::Validator::new(
        naga::valid::ValidationFlags::all(),
        naga::valid::Capabilities::default(),
    );
    let info = validator.validate(&module).map_err(|error| {
        let mut message = error.as_inner().to_string();
        let mut source = std::error::Error::source(error.as_inner());
        while let Some(inner) = source {
            let _ = write!(message, ": {inner}");
            source = inner.source();
        }
        // naga lists the spans of every IR object on the error's path (the function, then the
        // expression in it); the narrowest is where the problem is, the others are context.
        let mut spans: Vec<(Span, &str)> = error
            .spans()
            .filter_map(|(s, label)| Some((span(*s)?, label.as_str())))
            .collect();
        spans.sort_by_key(|(s, _)| s.end - s.start);
        let mut d = Diagnostic::error(
            DiagnosticCode::WgslValidationError,
            spans.first().map(|&(s, _)| s),
            message,
        );
        for &(s, label) in spans.iter().skip(1) {
            d = d.with_related(s, ir_label(label));
        }
        d
    })?;
    Ok((module, info))
}

/// Turns naga's label for an IR object, such as `naga::ir::GlobalVariable [2]`, into words
/// (`global variable`): arena indices mean nothing to the reader.
fn ir_label(label: &str) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::Range;

    fn check(text: &str) -> WgslOutput {
        check_wgsl(Path::new("t.wgsl"), text.to_string())
    }

    #[test]
    fn valid_module_has_no_diagnostics() {
        let out = check("@fragment fn main() -> @location(0) vec4f { return vec4f(1.0); }\n");
        assert!(out.diagnostics.is_empty(), "{:?}", out.diagnostics);
        assert!(out.module.is_some());
    }

    #[test]
    fn ir_labels_read_as_words() {
        assert_eq!(ir_label("naga::ir::GlobalVariable [2]"), "global variable");
        assert_eq!(ir_label("naga::ir::Function [0]"), "function");
        assert_eq!(ir_label("other"), "other");
    }

    #[test]
    fn parse_error_is_located() {
        let out = check("fn f() {\n    let x: f32 = 1u;\n}\n");
        assert!(out.module.is_none());
        let [d] = &out.diagnostics[..] else {
            panic!("one diagnostic expected: {:?}", out.diagnostics)
        };
        assert_eq!(d.code, DiagnosticCode::WgslParseError);
        let range = Range::of(&out.sources, d.span.expect("located"));
        assert_eq!((range.start.line, range.start.column), (2, 9));
        assert_eq!(
            d.message,
            "the type of `x` is expected to be `f32`, but got `u32`"
        );
    }

    #[test]
    fn validation_error_is_located() {
        let out = check("fn f() -> f32 {\n    return 1u;\n}\n");
        let [d] = &out.diagnostics[..] else {
            panic!("one diagnostic expected: {:?}", out.diagnostics)
        };
        assert_eq!(d.code, DiagnosticCode::WgslValidationError);
        assert!(
            d.message
                .contains("does not match the declared return type"),
            "{d:?}"
        );
        // The primary span is the returned expression; the function is context.
        let range = Range::of(&out.sources, d.span.expect("located"));
        assert_eq!((range.start.line, range.start.column), (2, 12));
        assert_eq!((range.end.line, range.end.column), (2, 14));
        let [(function, label)] = &d.related[..] else {
            panic!("the function as related span: {d:?}")
        };
        assert_eq!((function.start, label.as_str()), (0, "function"));
    }
}
