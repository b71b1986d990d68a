//! Checks a plain `.wgsl` file: naga parses and validates it, and its errors become located
//! [`Diagnostic`]s, through the naga step effect lowering uses (`lower/naga_check.rs`).

use std::path::Path;

use crate::diagnostic::Diagnostic;
use crate::source::{FileId, SourceMap, Span};
use crate::target::Target;

/// What checking a WGSL file produced: the file, the module when it is valid, every diagnostic.
#[derive(Debug)]
pub struct WgslOutput {
    pub sources: SourceMap,
    /// The parsed module and naga's analysis of it; `None` when there are errors.
    pub module: Option<(naga::Module, naga::valid::ModuleInfo)>,
    pub diagnostics: Vec<Diagnostic>,
}

/// Parses and validates WGSL `text` that lives at `path` (used only to name the file) against
/// the broad native target ([`Target::native`]).
pub fn check_wgsl(path: &Path, text: String) -> WgslOutput {
    check_wgsl_for(path, text, &Target::native())
}

/// Parses and validates WGSL `text` that lives at `path` against `target`.
pub fn check_wgsl_for(path: &Path, text: String, target: &Target) -> WgslOutput {
    let mut sources = SourceMap::new();
    let file = sources.add(path, text);
    let text = &sources.get(file).text;
    let (module, diagnostics) = match validate(file, text, target) {
        Ok(module) => (Some(module), Vec::new()),
        Err(diagnostics) => (None, diagnostics),
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
    target: &Target,
) -> Result<(naga::Module, naga::valid::ModuleInfo), Vec<Diagnostic>> {
    // naga spans are byte ranges of the text we gave it, so they map one to one.
    let span = |s: naga::Span| s.to_range().map(|r| Span::new(file, r.start, r.end));
    crate::build::naga_check::parse_and_validate(text, text.len(), &span, target, false, |_| {})
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::DiagnosticCode;
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
    fn parse_error_is_located() {
        let out = check("fn f() {\n    let x: f32 = 1u;\n}\n");
        assert!(out.module.is_none());
        let [d] = &out.diagnostics[..] else {
            panic!("one diagnostic expected: {:?}", out.diagnostics)
        };
        assert_eq!(d.code, DiagnosticCode::AssignTypeMismatch);
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
        assert_eq!(d.code, DiagnosticCode::ReturnTypeMismatch);
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
