//! Effect-level lints: checks that run on a validated effect, after lowering, one file per rule
//! family (unused declarations, render targets, unreachable code), for every front end. Lints
//! only warn: a check the engine relies on lives in lowering, which a caller cannot skip.
//!
//! Lints see the validated model together with the span map lowering made for its WGSL (the
//! [`GeneratedWgsl`] of either front end: the preprocessor's map for `.wfx`, `FxOrigins` for
//! ReShade FX), so every finding points at the text the user wrote: their name, their statement.
//! [`crate::build::EffectBuilder::finish`] runs them while that map lives. Declarations that come
//! from an included header (any file other than the effect's root file) are never reported as
//! unused, as C compilers do not warn about unused header declarations.

mod control_flow;
mod targets;
mod unused;

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use crate::build::GeneratedWgsl;
use crate::diagnostic::Diagnostic;
use crate::model::{Pass, ValidatedEffect};
use crate::source::Span;

/// What a front end knows about its code that the WGSL cannot show, for the lints. Empty for a
/// front end whose WGSL is the user's code (`.wfx`); ReShade FX lowering fills it.
#[derive(Debug, Default)]
pub(crate) struct LintFacts {
    /// Functions of the user's code that the WGSL leaves out because no pass reaches them
    /// (lowering emits only what passes use), by name as the user knows it and declaration.
    pub unemitted_functions: Vec<(String, Span)>,
    /// Samplers (by WGSL name) that code some pass runs names: a texel fetch through a sampler
    /// (`tex2Dfetch`, `tex2Dsize`) reads only its texture, so no pass binds the sampler itself.
    pub named_samplers: HashSet<String>,
    /// Names as the user wrote them (qualified: `ns::Name`) where the WGSL's differ
    /// (`ns_Name`), by the declaration's span.
    pub written_names: HashMap<Span, String>,
}

/// What every lint reads.
pub(crate) struct LintContext<'a> {
    pub effect: &'a ValidatedEffect,
    /// The effect's WGSL span map (its text is `effect.wgsl`).
    pub wgsl: &'a GeneratedWgsl<'a>,
    pub facts: &'a LintFacts,
}

impl LintContext<'_> {
    /// Maps a byte range of the effect's WGSL to what the user wrote; `None` for generated
    /// declarations and for generated code that stands for nothing the user wrote.
    pub fn wgsl_span(&self, span: naga::Span) -> Option<Span> {
        self.wgsl.user_origin(span)
    }

    /// Whether a declaration at `span` was written in the effect's own file.
    pub fn in_root(&self, span: Span) -> bool {
        span.file == self.wgsl.fallback().file
    }

    /// The name of the item declared at `span` as the user wrote it; `wgsl_name` when the front
    /// end writes it the same.
    pub fn written_name<'n>(&'n self, span: Span, wgsl_name: &'n str) -> &'n str {
        self.facts
            .written_names
            .get(&span)
            .map_or(wgsl_name, String::as_str)
    }

    /// Every pass of every technique.
    pub fn passes(&self) -> impl Iterator<Item = &Pass> + '_ {
        self.effect.techniques.iter().flat_map(|t| &t.passes)
    }
}

/// Runs every lint on a validated effect, appending what they find.
pub(crate) fn run(cx: &LintContext, diagnostics: &mut Vec<Diagnostic>) {
    unused::check(cx, diagnostics);
    targets::check(cx, diagnostics);
    control_flow::check(cx, diagnostics);
}

#[cfg(test)]
pub(crate) mod test_support {
    //! Compiles effect text held in memory for the lint unit tests.

    use std::path::Path;

    use crate::FileLoader;
    use crate::diagnostic::{Diagnostic, DiagnosticCode};
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
