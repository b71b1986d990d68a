//! The structure syntax's values: constant expressions, annotations, and the checked reading of
//! `Key = value` states (names, booleans, integers in a range, names from a table), each
//! reporting its own error so callers only skip what failed.

use std::collections::HashMap;

use super::Ctx;
use super::items::parse_uniform_type;
use crate::diagnostic::{Diagnostic, DiagnosticCode};
use crate::model::{AnnotationValue, Annotations};
use crate::source::Span;
use crate::wfx::parse::{Assignment, BinaryOp, Expr, ExprKind};

/// Evaluates a constant expression to its components; `idents` resolves bare names.
pub(super) fn eval(
    expr: &Expr,
    idents: &dyn Fn(&str) -> Option<f64>,
) -> Result<Vec<f64>, (usize, usize, String)> {
    let err = |e: &Expr, msg: String| Err((e.start, e.end, msg));
    match &expr.kind {
        ExprKind::Number { value, .. } => Ok(vec![*value]),
        ExprKind::Ident(name) if name == "true" => Ok(vec![1.0]),
        ExprKind::Ident(name) if name == "false" => Ok(vec![0.0]),
        ExprKind::Ident(name) => match idents(name) {
            Some(v) => Ok(vec![v]),
            None => err(expr, format!("'{name}' : undeclared identifier")),
        },
        ExprKind::Str(s) => err(expr, format!("'\"{s}\"' : a string is not a number")),
        ExprKind::Neg(inner) => Ok(eval(inner, idents)?.into_iter().map(|v| -v).collect()),
        ExprKind::Binary(op, lhs, rhs) => {
            let l = eval(lhs, idents)?;
            let r = eval(rhs, idents)?;
            if l.len() != 1 || r.len() != 1 {
                return err(
                    expr,
                    "'operator' : only scalar arithmetic is supported here".into(),
                );
            }
            let (a, b) = (l[0], r[0]);
            let v = match op {
                BinaryOp::Add => a + b,
                BinaryOp::Sub => a - b,
                BinaryOp::Mul => a * b,
                BinaryOp::Div | BinaryOp::Rem if b == 0.0 => {
                    return err(expr, "'/' : division by zero".into());
                }
                // Integer operands divide as integers, as the preprocessor's C arithmetic does.
                BinaryOp::Div if a.fract() == 0.0 && b.fract() == 0.0 => (a / b).trunc(),
                BinaryOp::Div => a / b,
                BinaryOp::Rem => a % b,
            };
            Ok(vec![v])
        }
        ExprKind::Call { callee, args, .. } => {
            let known = parse_uniform_type(callee).is_some()
                || parse_uniform_type(&format!("{callee}<f32>")).is_some()
                || ["vec2", "vec3", "vec4", "f32", "i32", "u32", "bool", "array"]
                    .contains(&callee.as_str());
            if !known {
                return err(expr, format!("'{callee}' : not a constructor"));
            }
            let mut out = Vec::new();
            for a in args {
                out.extend(eval(a, idents)?);
            }
            Ok(out)
        }
    }
}

pub(super) fn no_idents(_: &str) -> Option<f64> {
    None
}

pub(super) fn lower_annotations(cx: &mut Ctx, list: &[Assignment]) -> Annotations {
    let mut out = Annotations::default();
    for a in list {
        let value = match &a.value.kind {
            ExprKind::Str(s) => AnnotationValue::String(s.clone()),
            ExprKind::Ident(s) if s == "true" || s == "false" => AnnotationValue::Bool(s == "true"),
            ExprKind::Ident(s) => AnnotationValue::Ident(s.clone()),
            ExprKind::Call { .. } => match eval(&a.value, &no_idents) {
                Ok(v) => AnnotationValue::Vector(v),
                Err((s, e, m)) => {
                    let span = cx.span(s, e);
                    cx.error(DiagnosticCode::InvalidAnnotation, span, m);
                    continue;
                }
            },
            _ => match eval(&a.value, &no_idents) {
                Ok(v) => AnnotationValue::Number(v[0]),
                Err((s, e, m)) => {
                    let span = cx.span(s, e);
                    cx.error(DiagnosticCode::InvalidAnnotation, span, m);
                    continue;
                }
            },
        };
        if out.get(&a.key.name).is_some() {
            let span = cx.ident_span(&a.key);
            cx.error(
                DiagnosticCode::InvalidAnnotation,
                span,
                format!("'{}' : annotation given twice", a.key.name),
            );
            continue;
        }
        out.0.push((a.key.name.clone(), value));
    }
    out
}

/// Reports states given twice and returns the last value of each.
pub(super) fn state_map<'a>(cx: &mut Ctx, states: &'a [Assignment]) -> Vec<&'a Assignment> {
    let mut seen: HashMap<&str, Span> = HashMap::new();
    let mut out = Vec::new();
    for a in states {
        let span = cx.ident_span(&a.key);
        if let Some(first) = seen.insert(&a.key.name, span) {
            let d = Diagnostic::error(
                DiagnosticCode::DuplicateEntryAssignment,
                span,
                format!("'{}' : state assigned twice", a.key.name),
            )
            .with_related(first, "first assigned here");
            cx.diagnostics.push(d);
            continue;
        }
        out.push(a);
    }
    out
}

pub(super) fn ident_value<'a>(cx: &mut Ctx, a: &'a Assignment) -> Option<&'a str> {
    match &a.value.kind {
        ExprKind::Ident(name) => Some(name),
        _ => {
            let span = cx.expr_span(&a.value);
            cx.error(
                DiagnosticCode::InvalidRenderStateValue,
                span,
                format!("'{}' : expected a name", a.key.name),
            );
            None
        }
    }
}

pub(super) fn bool_value(cx: &mut Ctx, a: &Assignment) -> Option<bool> {
    match eval(&a.value, &no_idents) {
        Ok(v) if v.len() == 1 => Some(v[0] != 0.0),
        _ => {
            let span = cx.expr_span(&a.value);
            cx.error(
                DiagnosticCode::InvalidRenderStateValue,
                span,
                format!("'{}' : expected true or false", a.key.name),
            );
            None
        }
    }
}

/// An integer state value in `range`. `BUFFER_WIDTH` and friends arrive here already replaced by
/// the preprocessor, which is their one definition.
pub(super) fn int_value(
    cx: &mut Ctx,
    a: &Assignment,
    range: std::ops::RangeInclusive<u32>,
) -> Option<u32> {
    match eval(&a.value, &no_idents) {
        Ok(v)
            if v.len() == 1
                && v[0].fract() == 0.0
                && v[0] >= f64::from(*range.start())
                && v[0] <= f64::from(*range.end()) =>
        {
            Some(v[0] as u32)
        }
        Ok(v) => {
            let span = cx.expr_span(&a.value);
            let shown = v.first().copied().unwrap_or_default();
            cx.error(
                DiagnosticCode::InvalidSize,
                span,
                format!(
                    "'{}' : value {shown} outside {}..={}",
                    a.key.name,
                    range.start(),
                    range.end()
                ),
            );
            None
        }
        Err((s, e, m)) => {
            let span = cx.span(s, e);
            cx.error(DiagnosticCode::InvalidRenderStateValue, span, m);
            None
        }
    }
}

pub(super) fn unknown_state(cx: &mut Ctx, a: &Assignment, block: &str) {
    let span = cx.ident_span(&a.key);
    cx.error(
        DiagnosticCode::InvalidRenderStateName,
        span,
        format!("'{}' : unknown {block} state", a.key.name),
    );
}

pub(super) fn enum_value<T: Copy>(cx: &mut Ctx, a: &Assignment, table: &[(&str, T)]) -> Option<T> {
    let name = ident_value(cx, a)?;
    let found = table
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name))
        .map(|&(_, v)| v);
    if found.is_none() {
        let span = cx.expr_span(&a.value);
        let allowed: Vec<&str> = table.iter().map(|(n, _)| *n).collect();
        cx.error(
            DiagnosticCode::InvalidRenderStateValue,
            span,
            format!(
                "'{name}' : invalid value for '{}' (expected one of {})",
                a.key.name,
                allowed.join(", ")
            ),
        );
    }
    found
}
