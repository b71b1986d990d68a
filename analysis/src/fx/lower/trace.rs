//! Instrumentation for the shader debugger (`crate::debug`): with a [`Tracer`] on the emitter,
//! declarations with an initialiser, assignments, `++`/`--`, `return` values and user call
//! arguments also write a record of their value, through one generated helper per WGSL type
//! (`fxbench_put_N(site, value)`, and `fxbench_arg_N`, which returns the value it records, for
//! arguments and returns inside expressions). Entry wrappers of pixel and compute shaders set
//! `fxbench_on` when their invocation is the trace buffer's target, and the helpers record only
//! then. Without a tracer nothing here writes a byte: the normal lowering is unchanged.

use std::collections::BTreeMap;

use super::super::ast::*;
use super::super::lexer::Base;
use super::super::types::Type;
use super::Result;
use super::emit::Emitter;
use super::names::member;
use crate::debug::{
    RECORD_VALUE_WORDS, SiteKind, TRACE_CAPACITY, TRACE_GROUP, TraceType, TypeSpelling,
};
use crate::model::ScalarKind;

/// A record site before its range is resolved to a file and line.
pub(crate) struct SiteDraft {
    pub kind: SiteKind,
    pub range: TextRange,
    pub name: String,
    pub function: String,
    pub ty: TraceType,
}

/// The instrumentation's state while emitting.
#[derive(Default)]
pub(crate) struct Tracer {
    pub sites: Vec<SiteDraft>,
    /// Record helpers by WGSL type: their number and the type's words.
    helpers: BTreeMap<String, (usize, Vec<String>)>,
    /// The FX function being emitted.
    pub function: String,
}

/// The WGSL of a word of scalar `base` held in `v`.
fn word(base: Base, v: &str) -> String {
    match base {
        Base::Float | Base::Int => format!("bitcast<u32>({v})"),
        Base::Uint => v.to_string(),
        Base::Bool => format!("select(0u, 1u, {v})"),
    }
}

fn scalar_kind(base: Base) -> ScalarKind {
    match base {
        Base::Float => ScalarKind::Float,
        Base::Int => ScalarKind::Sint,
        Base::Uint => ScalarKind::Uint,
        Base::Bool => ScalarKind::Bool,
    }
}

/// How an FX place reads in a trace: `c.rgb`, `a[i]`, `s.m[…]`.
pub(super) fn place_name(e: &Expr) -> String {
    match &e.kind {
        ExprKind::Name(p) => p.joined().into_owned(),
        ExprKind::Member { base, member } => format!("{}.{}", place_name(base), member.name),
        ExprKind::Index { base, index } => {
            let i = match &index.kind {
                ExprKind::Name(p) => p.joined().into_owned(),
                ExprKind::Literal(Literal::Int(n) | Literal::Uint(n)) => n.to_string(),
                _ => "…".to_string(),
            };
            format!("{}[{i}]", place_name(base))
        }
        _ => "…".to_string(),
    }
}

impl Emitter<'_> {
    /// The author's type of a value of FX type `ty`; `None` for what is not recorded (objects).
    fn trace_type(&self, ty: &Type) -> Option<TraceType> {
        match ty {
            &Type::Numeric { base, rows, cols } => Some(TraceType::Numeric {
                scalar: scalar_kind(base),
                rows,
                cols,
                spelling: TypeSpelling::ReshadeFx,
            }),
            Type::Struct(i, name) => {
                let fields = &self.facts.structs.get(*i)?.1;
                let fields = fields
                    .iter()
                    .map(|(n, t)| Some((n.clone(), self.trace_type(t)?)))
                    .collect::<Option<Vec<_>>>()?;
                Some(TraceType::Struct {
                    name: name.clone(),
                    fields,
                })
            }
            Type::Array(element, Some(n)) => {
                Some(TraceType::Array(Box::new(self.trace_type(element)?), *n))
            }
            _ => None,
        }
    }

    /// The WGSL words of the value `v` of FX type `ty`, appended to `out` up to the bound.
    fn trace_words(&self, ty: &Type, v: &str, out: &mut Vec<String>) {
        let full = |out: &Vec<String>| out.len() >= RECORD_VALUE_WORDS as usize;
        match ty {
            &Type::Numeric { base, rows, cols } => match (rows, cols) {
                (1, 1) if !full(out) => out.push(word(base, v)),
                (1, 1) => {}
                (_, 1) => {
                    for r in 0..rows {
                        if !full(out) {
                            out.push(word(base, &format!("{v}[{r}]")));
                        }
                    }
                }
                _ => {
                    for r in 0..rows {
                        for c in 0..cols {
                            if !full(out) {
                                out.push(word(base, &format!("{v}[{r}][{c}]")));
                            }
                        }
                    }
                }
            },
            Type::Struct(i, _) => {
                let Some((_, fields)) = self.facts.structs.get(*i) else {
                    return;
                };
                // The members' WGSL names as `structs_decls` gives them (a repeated name gets
                // one of its own).
                let mut seen: Vec<&str> = Vec::new();
                for (field, fty) in fields {
                    if full(out) {
                        break;
                    }
                    let m = if seen.contains(&field.as_str()) {
                        format!("fx_d{}_{}", seen.len(), member(field))
                    } else {
                        member(field)
                    };
                    seen.push(field);
                    self.trace_words(fty, &format!("{v}.{m}"), out);
                }
            }
            Type::Array(element, Some(n)) => {
                for k in 0..*n {
                    if full(out) {
                        break;
                    }
                    self.trace_words(element, &format!("{v}[{k}]"), out);
                }
            }
            _ => {}
        }
    }

    /// Registers a site recording a value of `ty`; its id and the helper's number, or `None`
    /// when nothing is traced (no tracer, or a type that is not recorded).
    fn trace_site(
        &mut self,
        kind: SiteKind,
        range: TextRange,
        name: String,
        ty: &Type,
    ) -> Result<Option<(usize, usize)>> {
        if self.trace.is_none() {
            return Ok(None);
        }
        let Some(trace_ty) = self.trace_type(ty) else {
            return Ok(None);
        };
        let wgsl = self.wgsl(ty, range)?;
        let mut words = Vec::new();
        self.trace_words(ty, "v", &mut words);
        let Some(tracer) = self.trace.as_mut() else {
            return Ok(None);
        };
        let next = tracer.helpers.len();
        let helper = tracer.helpers.entry(wgsl).or_insert((next, words)).0;
        let function = tracer.function.clone();
        tracer.sites.push(SiteDraft {
            kind,
            range,
            name,
            function,
            ty: trace_ty,
        });
        Ok(Some((tracer.sites.len() - 1, helper)))
    }

    /// Writes a statement recording `value` (of FX type `ty`) at `range`.
    pub(super) fn trace_put(
        &mut self,
        kind: SiteKind,
        range: TextRange,
        name: String,
        ty: &Type,
        value: &str,
    ) -> Result<()> {
        if let Some((site, helper)) = self.trace_site(kind, range, name, ty)? {
            self.line(range, &format!("fxbench_put_{helper}({site}u, {value});"));
        }
        Ok(())
    }

    /// `code` (of FX type `ty`), recorded as it is computed.
    pub(super) fn trace_wrap(
        &mut self,
        kind: SiteKind,
        range: TextRange,
        name: String,
        ty: &Type,
        code: String,
    ) -> Result<String> {
        Ok(match self.trace_site(kind, range, name, ty)? {
            Some((site, helper)) => format!("fxbench_arg_{helper}({site}u, {code})"),
            None => code,
        })
    }

    /// A `return`'s value `code` (of the function's type `ty`), recorded as it is returned.
    pub(super) fn trace_return(
        &mut self,
        range: TextRange,
        ty: &Type,
        code: String,
    ) -> Result<String> {
        let Some(tracer) = &self.trace else {
            return Ok(code);
        };
        let name = tracer.function.clone();
        self.trace_wrap(SiteKind::Return, range, name, ty, code)
    }

    /// Records the place `target` (of type `ty`) holds after a write, when it can be read again
    /// without side effects.
    pub(super) fn trace_place(&mut self, target: &Expr, ty: &Type, range: TextRange) -> Result<()> {
        if self.trace.is_none() || self.writes(target) || self.is_atomic_place(target) {
            return Ok(());
        }
        let value = self.expr(target)?;
        self.trace_put(SiteKind::Assignment, range, place_name(target), ty, &value)
    }

    /// The statement a pixel or compute wrapper starts with when tracing: whether this
    /// invocation is the target (`position` is the `@builtin(position)` or the
    /// `global_invocation_id` input).
    pub(super) fn trace_gate(stage: naga::ShaderStage, position: &str) -> Option<String> {
        match stage {
            naga::ShaderStage::Fragment => Some(format!(
                "fxbench_on = all(vec2u(floor({position}.xy)) == fxbench_trace.at.xy);"
            )),
            naga::ShaderStage::Compute => Some(format!(
                "fxbench_on = all({position} == fxbench_trace.at.xyz);"
            )),
            _ => None,
        }
    }

    /// The trace buffer, the gate and the record helpers, emitted after the code.
    pub(super) fn trace_declarations(&mut self) {
        let Some(tracer) = self.trace.take() else {
            return;
        };
        let none = TextRange::new(0, 0);
        let declarations = [
            format!(
                "struct FxbenchRecord {{ site: u32, words: array<u32, {RECORD_VALUE_WORDS}>, }}"
            ),
            format!(
                "struct FxbenchTrace {{ at: vec4u, count: atomic<u32>, records: array<FxbenchRecord, {TRACE_CAPACITY}>, }}"
            ),
            format!(
                "@group({TRACE_GROUP}) @binding(0) var<storage, read_write> fxbench_trace: FxbenchTrace;"
            ),
            "var<private> fxbench_on: bool;".to_string(),
        ];
        for d in declarations {
            self.line(none, &d);
        }
        for (wgsl, (n, words)) in &tracer.helpers {
            self.line(
                none,
                &format!("fn fxbench_put_{n}(site: u32, v: {wgsl}) {{"),
            );
            self.line(none, "    if !fxbench_on { return; }");
            self.line(none, "    let i = atomicAdd(&fxbench_trace.count, 1u);");
            self.line(
                none,
                &format!("    if i >= {TRACE_CAPACITY}u {{ return; }}"),
            );
            self.line(none, "    fxbench_trace.records[i].site = site;");
            for (k, w) in words.iter().enumerate() {
                self.line(
                    none,
                    &format!("    fxbench_trace.records[i].words[{k}] = {w};"),
                );
            }
            self.line(none, "}");
            self.line(
                none,
                &format!(
                    "fn fxbench_arg_{n}(site: u32, v: {wgsl}) -> {wgsl} {{ fxbench_put_{n}(site, v); return v; }}"
                ),
            );
        }
        self.trace = Some(tracer);
    }
}
