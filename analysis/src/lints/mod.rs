//! Effect-level lints: checks that run on a validated effect, after lowering, one file per rule
//! family (unused declarations, render targets, unreachable code). Lints only warn: a check the
//! engine relies on lives in lowering, which a caller cannot skip.
//!
//! Lints see the validated model together with the preprocessor's map, so
//! every finding points at the text the user wrote. Declarations that come from an included
//! header (any file other than the effect's root file) are never reported as unused, as C
//! compilers do not warn about unused header declarations.

mod control_flow;
mod targets;
mod unused;

use crate::build::GeneratedWgsl;
use crate::diagnostic::Diagnostic;
use crate::model::{Pass, ValidatedEffect};
use crate::preprocess::Preprocessed;
use crate::source::{FileId, Span};

/// What every lint reads.
pub(crate) struct LintContext<'a> {
    pub effect: &'a ValidatedEffect,
    pub pp: &'a Preprocessed,
    pub root: FileId,
}

impl LintContext<'_> {
    /// Maps a byte range of the assembled WGSL to the effect source; `None` for generated
    /// declarations, which lie after the user text.
    pub fn wgsl_span(&self, span: naga::Span) -> Option<Span> {
        // The assembled WGSL begins with the preprocessed text, blanked where structure was.
        GeneratedWgsl::user_span(self.pp, self.pp.text.len(), span)
    }

    /// Whether a declaration at `span` was written in the effect's own file.
    pub fn in_root(&self, span: Span) -> bool {
        span.file == self.root
    }

    /// Every pass of every technique.
    pub fn passes(&self) -> impl Iterator<Item = &Pass> + '_ {
        self.effect.techniques.iter().flat_map(|t| &t.passes)
    }
}

/// Runs every lint on a validated effect, appending what they find.
pub(crate) fn run(
    effect: &ValidatedEffect,
    pp: &Preprocessed,
    root: FileId,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let cx = LintContext { effect, pp, root };
    unused::check(&cx, diagnostics);
    targets::check(&cx, diagnostics);
    control_flow::check(&cx, diagnostics);
}

#[cfg(test)]
pub(crate) mod test_support {
    //! Compiles effect text held in memory for the lint unit tests.

    use std::path::Path;

    use crate::diagnostic::{Diagnostic, DiagnosticCode};
    use crate::preprocess::FileLoader;
    use crate::{LoadOutput, Options};

    /// A full-screen vertex shader every test effect can use.
    pub const VS: &str = "struct VsOut { @builtin(position) pos: vec4<f32>, @location(0) uv: vec2<f32> }\n\
@vertex fn vs(@builtin(vertex_index) i: u32) -> VsOut {\n\
    let uv = vec2<f32>(f32((i << 1u) & 2u), f32(i & 2u));\n\
    return VsOut(vec4<f32>(uv * 2.0 - 1.0, 0.0, 1.0), uv);\n\
}\n";

    pub struct Files<'a>(pub &'a [(&'a str, &'a str)]);

    impl FileLoader for Files<'_> {
        fn read(&self, path: &Path) -> std::io::Result<String> {
            self.0
                .iter()
                .find(|(p, _)| Path::new(p) == path)
                .map(|(_, t)| t.to_string())
                .ok_or_else(|| std::io::Error::new(std::io::ErrorKind::NotFound, "not here"))
        }
    }

    /// Compiles `files[0]` (the others can be included) and returns its output.
    pub fn compile(files: &[(&str, &str)]) -> LoadOutput {
        crate::load_effect_with(Path::new(files[0].0), &Files(files), &Options::default())
    }

    /// `severity[Code] line:col: message` for each diagnostic of `code`.
    pub fn findings(out: &LoadOutput, code: DiagnosticCode) -> Vec<String> {
        out.diagnostics
            .iter()
            .filter(|d| d.code == code)
            .map(|d: &Diagnostic| {
                let at = d.span.map_or(String::new(), |s| {
                    let lc = out.sources.get(s.file).line_col(s.start);
                    format!("{}:{}", lc.line, lc.column)
                });
                format!("{} {at}: {}", d.severity.as_str(), d.message)
            })
            .collect()
    }
}
