//! Entry-point signatures, checked per stage as ReShade checks a pass: every parameter and the
//! result of its `VertexShader` and `PixelShader` need a semantic (`: TEXCOORD`,
//! `: SV_Target`) unless they are structs (whose fields carry them) or the result is `void`.
//! A missing one is `MissingSemantic` at the `pass` keyword, where ReShade points, with its
//! words: `'PS' : function return value is missing semantics` (X3503), `'PS' : input parameter
//! 'uv' is missing semantics` (X3502), `'PS' : output parameter 'c' is missing semantics`
//! (X3503). Compute shaders are not checked: ReShade accepts `void CS(uint3 id)`.

use super::ast::*;
use super::check::Checker;
use super::types::Type;
use crate::DiagnosticCode;

/// What of function `f` (result type `ret`, parameter types `params`) lacks a semantic, as
/// ReShade words it: `function return value`, `input parameter 'uv'`, `output parameter 'c'`.
pub(super) fn unsemantic(f: &Function, ret: &Type, params: &[Type]) -> Vec<String> {
    let mut missing = Vec::new();
    if f.semantic.is_none() && !matches!(ret, Type::Void | Type::Struct(..) | Type::Error) {
        missing.push("function return value".to_string());
    }
    for (p, ty) in f.params.iter().zip(params) {
        if p.semantic.is_some() || matches!(ty, Type::Struct(..) | Type::Error) {
            continue;
        }
        let output = p.qualifiers.iter().any(|q| q.qualifier == Qualifier::Out);
        let kind = if output { "output" } else { "input" };
        missing.push(format!("{kind} parameter '{}'", p.name.name));
    }
    missing
}

impl Checker {
    /// Reports the vertex and pixel shaders of `pass` whose parameters or result lack
    /// semantics (a pass with both, as ReShade checks only such a pass).
    pub(super) fn check_entry_semantics(&mut self, pass: &Pass) {
        let entry = |stage: &str| {
            pass.states
                .iter()
                .find(|s| s.name.name == stage)
                .and_then(|s| match &s.value.kind {
                    ExprKind::Name(path) => Some(path),
                    _ => None,
                })
        };
        let (Some(vs), Some(ps)) = (entry("VertexShader"), entry("PixelShader")) else {
            return;
        };
        let at = TextRange::new(pass.range.start as usize, pass.range.start as usize + 4);
        for path in [vs, ps] {
            let missing = self
                .entry_point(path)
                .map(|o| o.unsemantic.clone())
                .unwrap_or_default();
            for what in missing {
                let message = format!("'{}' : {what} is missing semantics", path.joined());
                self.report(DiagnosticCode::MissingSemantic, at, message);
            }
        }
    }
}
