//! Effects written for a newer ReShade than the one fxbench follows (6.1): an `#error` that an
//! effect raises under a test of `__RESHADE__` (`#if __RESHADE__ < 60200` / `#error "needs
//! 6.2"`) is the one error such an effect gets, saying what it asks for.
//!
//! ReShade itself stops at a preprocessor error; fxbench goes on to parse and check, so newer
//! syntax after the guard would add errors that only repeat what the `#error` said. When the
//! first `#error` of a run sits in a conditional on `__RESHADE__`, its message gains the reason
//! and every other error is dropped (warnings stay), except the preprocessor's own: ReShade
//! reports those too (an invalid `#if` expression before the guard is its first error).

// `fx::parse_effect_source` calls `explain_version_errors` once its diagnostics are complete.

use super::super::macros::FX_RESHADE_VERSION;
use crate::{Diagnostic, DiagnosticCode, Severity, SourceMap, Span};

/// What a version `#error`'s message gains.
fn reason() -> String {
    let (major, minor) = (FX_RESHADE_VERSION / 10000, FX_RESHADE_VERSION / 100 % 100);
    format!(
        " (the effect asks for a newer ReShade than {major}.{minor}, the version fxbench checks \
         effects against: __RESHADE__ is {FX_RESHADE_VERSION})"
    )
}

/// The built-ins releases after 6.1 added, which fxbench types and lowers (to WGSL's own) so that
/// a call of one is a single located error, as in ReShade 6.1, and nothing more.
const NEWER_INTRINSICS: [&str; 4] = ["ddx_coarse", "ddx_fine", "ddy_coarse", "ddy_fine"];

/// The error for a call of built-in `name` when a release after 6.1 added it.
pub(crate) fn newer_intrinsic(name: &str) -> Option<String> {
    let (major, minor) = (FX_RESHADE_VERSION / 10000, FX_RESHADE_VERSION / 100 % 100);
    NEWER_INTRINSICS.contains(&name).then(|| {
        format!(
            "'{name}' : undefined function in ReShade {major}.{minor}, the version fxbench \
             checks effects against (a newer ReShade declares it)"
        )
    })
}

/// Makes a version `#error` the only error of `diagnostics` (see the module doc). Applying it
/// twice changes nothing more.
pub fn explain_version_errors(diagnostics: &mut Vec<Diagnostic>, sources: &SourceMap) {
    let Some(first) = diagnostics.iter().position(|d| {
        d.severity == Severity::Error
            && d.code == DiagnosticCode::PreprocessorError
            && d.message.starts_with("'#error'")
    }) else {
        return;
    };
    let Some(span) = diagnostics[first].span else {
        return;
    };
    if !under_version_test(sources, span) {
        return;
    }
    let reason = reason();
    let error = &mut diagnostics[first];
    if !error.message.ends_with(&reason) {
        error.message.push_str(&reason);
    }
    let mut index = 0;
    diagnostics.retain(|d| {
        let preprocessor = matches!(
            d.code,
            DiagnosticCode::PreprocessorError
                | DiagnosticCode::IncludeError
                | DiagnosticCode::MacroRedefinition
        );
        let keep = index == first || d.severity != Severity::Error || preprocessor;
        index += 1;
        keep
    });
}

/// Whether the directive at `span` is inside a conditional whose branch depends on a test of
/// `__RESHADE__`: the `#if`/`#ifdef`/`#ifndef` of an enclosing conditional, or an `#elif` of it
/// up to the branch, names it.
fn under_version_test(sources: &SourceMap, span: Span) -> bool {
    let text = sources.get(span.file).text.as_str();
    let before = text.get(..span.start as usize).unwrap_or(text);
    // One entry per open conditional: whether its chain so far tests the version.
    let mut open: Vec<bool> = Vec::new();
    for line in before.lines() {
        let Some(directive) = line.trim_start().strip_prefix('#') else {
            continue;
        };
        let directive = directive.trim_start();
        let name_end = directive
            .find(|c: char| !c.is_ascii_alphabetic())
            .unwrap_or(directive.len());
        let tests_version = mentions_version(&directive[name_end..]);
        match &directive[..name_end] {
            "if" | "ifdef" | "ifndef" => open.push(tests_version),
            "elif" => {
                if let Some(last) = open.last_mut() {
                    *last |= tests_version;
                }
            }
            "endif" => {
                open.pop();
            }
            _ => {}
        }
    }
    open.contains(&true)
}

/// Whether `condition` names `__RESHADE__` as a whole word (not `__RESHADE_PERFORMANCE_MODE__`).
fn mentions_version(condition: &str) -> bool {
    let word = "__RESHADE__";
    condition.match_indices(word).any(|(at, _)| {
        let after = condition[at + word.len()..].chars().next();
        let before = condition[..at].chars().next_back();
        let joins = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_');
        !joins(before) && !joins(after)
    })
}

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};

    use super::*;
    use crate::{MemoryLoader, Options};

    /// `line severity[Code] message` for each diagnostic of `src` parsed as `a.fx`, after
    /// [`explain_version_errors`] (applied twice: it must be idempotent).
    fn explained(src: &str) -> Vec<String> {
        let loader = MemoryLoader::new([(PathBuf::from("a.fx"), src.to_string())]);
        let mut out = crate::fx::parse_effect(Path::new("a.fx"), &loader, &Options::default());
        explain_version_errors(&mut out.diagnostics, &out.sources);
        explain_version_errors(&mut out.diagnostics, &out.sources);
        out.diagnostics
            .iter()
            .map(|d| {
                let line = out.sources.location(d.span.expect("located")).start.line;
                format!("{line} {}[{}] {}", d.severity.as_str(), d.code, d.message)
            })
            .collect()
    }

    #[test]
    fn a_version_error_is_the_only_error() {
        let src = "\
#if __RESHADE__ < 60200
    #error \"needs ReShade 6.2\"
#endif
float f(float a, float b = 1.0) { return a * b; }
float4 PS(float4 p : SV_Position) : SV_Target { return f(p.x) + ddx_fine(p.x) + missing; }
technique T { pass { VertexShader = PostProcessVS; PixelShader = PS; } }
";
        assert_eq!(
            explained(src),
            [format!(
                "2 error[PreprocessorError] '#error' : \"needs ReShade 6.2\"{}",
                reason()
            )]
        );
    }

    #[test]
    fn else_and_elif_branches_of_a_version_test_count() {
        let src = "\
#ifndef SOMETHING
#if __RESHADE__ >= 60200
    #define OK 1
#elif defined(FOO)
    #define OK 2
#else
    #error \"too old\"
#endif
#endif
float a = ;
";
        let diagnostics = explained(src);
        assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
        assert!(diagnostics[0].starts_with("7 error[PreprocessorError] '#error' : \"too old\" ("));
    }

    #[test]
    fn other_errors_are_left_alone() {
        // An `#error` under another test, and one after a closed version test.
        for src in [
            "#ifndef MY_SWITCH\n#error \"define MY_SWITCH\"\n#endif\nfloat a = ;\n",
            "#if __RESHADE__ < 40000\n#endif\n#error \"always\"\nfloat a = ;\n",
            "#if __RESHADE_PERFORMANCE_MODE__ == 0\n#error \"not in performance mode\"\n#endif\nfloat a = ;\n",
        ] {
            // The `#error` alone: ReShade parses nothing after a preprocessor error, so the
            // syntax error below it is not reported either.
            let diagnostics = explained(src);
            assert_eq!(diagnostics.len(), 1, "{src}: {diagnostics:?}");
            assert!(
                diagnostics[0].contains("[PreprocessorError]"),
                "{diagnostics:?}"
            );
            assert!(!diagnostics[0].contains("newer ReShade"), "{diagnostics:?}");
        }
    }
}
