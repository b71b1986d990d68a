//! Control flow: statements after `return`, `discard`, `break` or `continue` in the same block
//! (warning), found by walking naga's function bodies and mapping statement spans back to the
//! effect source.

use super::LintContext;
use crate::diagnostic::{Diagnostic, DiagnosticCode};
use crate::source::Span;

pub(super) fn check(cx: &LintContext, diagnostics: &mut Vec<Diagnostic>) {
    let module = &cx.effect.module;
    let bodies = module
        .functions
        .iter()
        .map(|(_, f)| &f.body)
        .chain(module.entry_points.iter().map(|e| &e.function.body));
    for body in bodies {
        block(cx, body, diagnostics);
    }
}

/// The keyword of a statement that ends its block, if it is one.
fn terminator(statement: &naga::Statement) -> Option<&'static str> {
    match statement {
        naga::Statement::Return { .. } => Some("return"),
        naga::Statement::Kill => Some("discard"),
        naga::Statement::Break => Some("break"),
        naga::Statement::Continue => Some("continue"),
        _ => None,
    }
}

fn block(cx: &LintContext, body: &naga::Block, diagnostics: &mut Vec<Diagnostic>) {
    use naga::Statement as S;
    let mut statements = body.span_iter();
    let mut ended_by = None;
    for (statement, _) in statements.by_ref() {
        match statement {
            S::Block(inner) => block(cx, inner, diagnostics),
            S::If { accept, reject, .. } => {
                block(cx, accept, diagnostics);
                block(cx, reject, diagnostics);
            }
            S::Switch { cases, .. } => cases.iter().for_each(|c| block(cx, &c.body, diagnostics)),
            S::Loop {
                body, continuing, ..
            } => {
                block(cx, body, diagnostics);
                block(cx, continuing, diagnostics);
            }
            _ => {}
        }
        if let Some(keyword) = terminator(statement) {
            ended_by = Some(keyword);
            break;
        }
    }
    let Some(keyword) = ended_by else {
        return;
    };
    // One warning per block, from the first unreachable statement written in the source to the
    // last one in the same file. Statements naga generates have no span and are skipped.
    let mut range: Option<Span> = None;
    for (_, span) in statements {
        let Some(span) = cx.wgsl_span(*span).filter(|s| s.end > s.start) else {
            continue;
        };
        range = Some(match range {
            None => span,
            Some(r) if r.file == span.file => Span {
                start: r.start.min(span.start),
                end: r.end.max(span.end),
                ..r
            },
            Some(r) => r,
        });
    }
    if let Some(span) = range {
        let message = if keyword == "discard" {
            "'discard' : code after it has no effect".to_string()
        } else {
            format!("'{keyword}' : code after it is unreachable")
        };
        diagnostics.push(Diagnostic::warning(
            DiagnosticCode::UnreachableCode,
            span,
            message,
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::{VS, compile, findings};
    use crate::diagnostic::DiagnosticCode;

    fn effect(body: &str) -> String {
        format!("{VS}{body}\ntechnique T {{ pass {{ VertexShader = vs; PixelShader = ps; }} }}\n")
    }

    #[test]
    fn code_after_a_terminator_is_warned_once_per_block() {
        let text = effect(
            "@fragment fn ps(v: VsOut) -> @location(0) vec4<f32> {\n\
    var c = vec4<f32>(v.uv, 0.0, 1.0);\n\
    for (var i = 0; i < 4; i++) {\n\
        if i == 2 { break; }\n\
        continue;\n\
        c.x += 1.0;\n\
    }\n\
    if c.x > 2.0 { discard; c.y = 0.0; }\n\
    if c.x > 3.0 {\n\
        return c;\n\
        c = vec4<f32>(0.0);\n\
        c.z = 1.0;\n\
    }\n\
    return c;\n\
}\n",
        );
        let out = compile(&[("fx.wfx", &text)]);
        assert!(out.effect.is_some(), "{}", out.render_diagnostics());
        assert_eq!(
            findings(&out, DiagnosticCode::UnreachableCode),
            [
                "warning 11:1: 'continue' : code after it is unreachable",
                "warning 13:25: 'discard' : code after it has no effect",
                "warning 16:1: 'return' : code after it is unreachable",
            ]
        );
    }

    #[test]
    fn reachable_code_is_quiet() {
        let text = effect(
            "@fragment fn ps(v: VsOut) -> @location(0) vec4<f32> {\n\
    if v.uv.x > 0.5 { return vec4<f32>(1.0); } else { discard; }\n\
    loop { if v.uv.y > 0.5 { break; } continuing { break if true; } }\n\
    return vec4<f32>(v.uv, 0.0, 1.0);\n\
}\n",
        );
        let out = compile(&[("fx.wfx", &text)]);
        assert_eq!(out.render_diagnostics(), "");
    }
}
