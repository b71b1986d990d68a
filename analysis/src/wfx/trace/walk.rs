//! The walk over one function's statements that inserts the records (`record.rs`) where the
//! author's values are, with naga's statement spans as their sites:
//!
//! - after a `Store` into a local variable or a member or element of one: the stored value,
//!   named as the place (`v`, `s.a`, `c.x`, `a[i]`); a `var`'s own initialising store is a
//!   declaration, the zero a `var` without initialiser gets inside a loop is not recorded;
//! - after the `Emit` of a named `let` (or of a hoisted `var` initialiser), or after the call
//!   whose result it is; a `let` or hoisted `var` of a literal, constant or argument, which naga
//!   never emits, is recorded where its span says it was written (before the first statement
//!   that starts after it; a `for`'s own `var` before the loop);
//! - before a `Return` with a value, each argument of a call of a user function (pointers
//!   loaded), and each `if` condition (the author's `if`s only: the conditions naga makes of
//!   `for` and `while` are not `if`s in the text).

use std::collections::HashMap;

use naga::valid::FunctionInfo;
use naga::{
    Arena, Block, Expression, Function, Handle, Module, Span, Statement, TypeInner,
    proc::TypeResolution,
};

use super::record::{Recorder, TraceGlobals, emit};
use super::types::{trace_type, words};
use crate::debug::{DraftSite, SiteKind};

/// What every function's walk shares: the module as it was validated, the WGSL its spans
/// index, where they are in the sources, and the sites found so far.
pub(super) struct Context<'a> {
    pub module: &'a Module,
    pub text: &'a str,
    /// A naga span of the author's code to the sources; `None` for generated code.
    pub map: &'a dyn Fn(Span) -> Option<crate::Span>,
    pub sites: &'a mut Vec<DraftSite>,
    pub globals: TraceGlobals,
}

/// A value declared where no statement marks the place: recorded by its span.
struct Pending {
    start: usize,
    value: Handle<Expression>,
    name: String,
    span: Span,
}

struct Walk<'c, 'a> {
    cx: &'c mut Context<'a>,
    info: &'c FunctionInfo,
    recorder: Recorder,
    exprs: &'c mut Arena<Expression>,
    locals: &'c Arena<naga::LocalVariable>,
    arguments: &'c [naga::FunctionArgument],
    /// Named `let`s and hoisted `var` initialisers: the name and the span of the site.
    named: HashMap<Handle<Expression>, (String, Span)>,
    function: String,
    /// The text between the statement being walked's neighbours with spans, where a `let`
    /// whose value has no span of its own is looked for.
    window: (usize, usize),
}

/// Instruments `function` (named `name`; `info` is its validation) in place; returns its
/// recorder, whose globals the entry points' gate uses.
pub(super) fn function(
    cx: &mut Context<'_>,
    info: &FunctionInfo,
    function: &mut Function,
    name: &str,
) -> Recorder {
    let Function {
        arguments,
        local_variables,
        expressions,
        named_expressions,
        body,
        ..
    } = function;
    let parameter = |h: Handle<Expression>, n: &str| match expressions[h] {
        Expression::FunctionArgument(k) => arguments
            .get(k as usize)
            .is_some_and(|a| a.name.as_deref() == Some(n)),
        _ => false,
    };
    let mut named: HashMap<Handle<Expression>, (String, Span)> = named_expressions
        .iter()
        // `_ = e;` is kept as a named expression called `phony`; parameters are recorded at
        // the call site.
        .filter(|(h, n)| n.as_str() != "phony" && !parameter(**h, n))
        .map(|(h, n)| (*h, (n.clone(), expressions.get_span(*h))))
        .collect();
    for (v, local) in local_variables.iter() {
        if let (Some(init), Some(n)) = (local.init, &local.name) {
            named
                .entry(init)
                .or_insert_with(|| (n.clone(), local_variables.get_span(v)));
        }
    }
    let mut pending: Vec<Pending> = named
        .iter()
        .filter(|(h, _)| expressions[**h].needs_pre_emit())
        .filter_map(|(h, (n, span))| {
            Some(Pending {
                start: span.to_range()?.start,
                value: *h,
                name: n.clone(),
                span: *span,
            })
        })
        .collect();
    pending.sort_by_key(|p| p.start);
    let recorder = Recorder::new(cx.globals, expressions);
    let old = std::mem::take(body);
    let mut walk = Walk {
        cx,
        info,
        recorder,
        exprs: expressions,
        locals: local_variables,
        arguments,
        named,
        function: name.to_string(),
        window: (0, 0),
    };
    *body = walk.block(old, pending);
    walk.recorder
}

/// Whether the text at `span` starts with one of `words` as a whole word.
fn starts_with_word(text: &str, span: Span, words: &[&str]) -> bool {
    let Some(r) = span.to_range() else {
        return false;
    };
    let Some(at) = text.get(r.start..r.end) else {
        return false;
    };
    words.iter().any(|w| {
        at.strip_prefix(w)
            .is_some_and(|rest| !rest.starts_with(|c: char| c.is_alphanumeric() || c == '_'))
    })
}

fn first_start(block: &Block) -> Option<usize> {
    block
        .span_iter()
        .find_map(|(_, s)| s.to_range())
        .map(|r| r.start)
}

fn last_end(block: &Block) -> Option<usize> {
    block
        .span_iter()
        .filter_map(|(_, s)| s.to_range())
        .map(|r| r.end)
        .last()
}

/// Which of `blocks` each pending value belongs to: the one whose statements surround it, else
/// the first to start after it, else the last to end before it.
fn distribute(items: Vec<Pending>, blocks: &[&Block]) -> Vec<Vec<Pending>> {
    let mut out: Vec<Vec<Pending>> = blocks.iter().map(|_| Vec::new()).collect();
    for p in items {
        let ranges: Vec<Option<(usize, usize)>> = blocks
            .iter()
            .map(|b| Some((first_start(b)?, last_end(b)?)))
            .collect();
        let inside = ranges
            .iter()
            .position(|r| r.is_some_and(|(s, e)| s <= p.start && p.start < e));
        let after = || {
            ranges
                .iter()
                .enumerate()
                .filter_map(|(k, r)| r.filter(|(s, _)| *s > p.start).map(|(s, _)| (s, k)))
                .min()
                .map(|(_, k)| k)
        };
        let before = || {
            ranges
                .iter()
                .enumerate()
                .filter_map(|(k, r)| r.map(|(_, e)| (e, k)))
                .max()
                .map(|(_, k)| k)
        };
        let k = inside.or_else(after).or_else(before).unwrap_or(0);
        if let Some(slot) = out.get_mut(k) {
            slot.push(p);
        }
    }
    out
}

impl Walk<'_, '_> {
    /// The type of the original expression `h`.
    fn type_of(&self, h: Handle<Expression>) -> TypeResolution {
        self.info[h].ty.clone()
    }

    /// Records `value` of type `ty` as a site of `kind` at `span`, appending to `out`.
    fn record(
        &mut self,
        out: &mut Block,
        kind: SiteKind,
        span: Span,
        name: String,
        value: Handle<Expression>,
        ty: &TypeResolution,
    ) {
        let module = self.cx.module;
        let (inner, ty_name) = match ty {
            TypeResolution::Handle(t) => {
                (&module.types[*t].inner, module.types[*t].name.as_deref())
            }
            TypeResolution::Value(inner) => (inner, None),
        };
        let Some(trace_ty) = trace_type(&module.types, inner, ty_name) else {
            return;
        };
        let Some(at) = (self.cx.map)(span) else {
            return;
        };
        let mut kept = Vec::new();
        words(&module.types, inner, &mut kept);
        let site = self.cx.sites.len() as u32;
        self.cx.sites.push(DraftSite {
            kind,
            span: at,
            name,
            function: self.function.clone(),
            ty: trace_ty,
        });
        self.recorder
            .record(self.exprs, out, site, value, &kept, span);
    }

    fn block(&mut self, block: Block, pending: Vec<Pending>) -> Block {
        let mut out = Block::with_capacity(block.len());
        let mut pending = pending.into_iter().peekable();
        let statements: Vec<(Statement, Span)> = block.span_into_iter().collect();
        let starts: Vec<Option<usize>> = statements
            .iter()
            .map(|(_, s)| s.to_range().map(|r| r.start))
            .collect();
        let mut previous_end = 0;
        for (k, (stmt, span)) in statements.into_iter().enumerate() {
            let next_start = starts[k + 1..].iter().flatten().next().copied();
            self.window = (previous_end, next_start.unwrap_or(usize::MAX));
            let range = span.to_range();
            if let Some(r) = &range {
                previous_end = r.end;
            }
            let mut inside = Vec::new();
            if let Some(r) = &range {
                while let Some(p) = pending.next_if(|p| p.start < r.start) {
                    self.place(&mut out, p);
                }
                while let Some(p) = pending.next_if(|p| p.start < r.end) {
                    inside.push(p);
                }
            }
            self.before(&stmt, span, &mut out);
            let mut after = Block::new();
            self.after(&stmt, span, &mut after);
            let stmt = self.statement(stmt, span, inside, &mut out);
            out.push(stmt, span);
            out.extend_block(after);
        }
        for p in pending {
            self.place(&mut out, p);
        }
        out
    }

    fn place(&mut self, out: &mut Block, p: Pending) {
        let ty = self.type_of(p.value);
        self.record(out, SiteKind::Declaration, p.span, p.name, p.value, &ty);
    }

    /// The statement with its inner blocks walked; pending values inside it go to the block
    /// they were written in, or before it (`out`) when it has none.
    fn statement(
        &mut self,
        stmt: Statement,
        span: Span,
        mut inside: Vec<Pending>,
        out: &mut Block,
    ) -> Statement {
        match stmt {
            Statement::Block(b) => Statement::Block(self.block(b, inside)),
            Statement::If {
                condition,
                accept,
                reject,
            } => {
                let mut parts = distribute(inside, &[&accept, &reject]).into_iter();
                let (a, r) = (
                    parts.next().unwrap_or_default(),
                    parts.next().unwrap_or_default(),
                );
                Statement::If {
                    condition,
                    accept: self.block(accept, a),
                    reject: self.block(reject, r),
                }
            }
            Statement::Loop {
                body,
                continuing,
                break_if,
            } => {
                // A `for`'s initialiser is written inside its span but runs once, before it.
                if starts_with_word(self.cx.text, span, &["for"]) {
                    let first = [first_start(&body), first_start(&continuing)]
                        .into_iter()
                        .flatten()
                        .min()
                        .unwrap_or(usize::MAX);
                    let (init, rest): (Vec<_>, Vec<_>) =
                        inside.into_iter().partition(|p| p.start < first);
                    for p in init {
                        self.place(out, p);
                    }
                    inside = rest;
                }
                let mut parts = distribute(inside, &[&body, &continuing]).into_iter();
                let (b, c) = (
                    parts.next().unwrap_or_default(),
                    parts.next().unwrap_or_default(),
                );
                Statement::Loop {
                    body: self.block(body, b),
                    continuing: self.block(continuing, c),
                    break_if,
                }
            }
            Statement::Switch { selector, cases } => {
                let bodies: Vec<&Block> = cases.iter().map(|c| &c.body).collect();
                let parts = distribute(inside, &bodies);
                let cases = cases
                    .into_iter()
                    .zip(parts)
                    .map(|(case, p)| naga::SwitchCase {
                        body: self.block(case.body, p),
                        ..case
                    })
                    .collect();
                Statement::Switch { selector, cases }
            }
            other => {
                for p in inside {
                    self.place(out, p);
                }
                other
            }
        }
    }

    /// Records made before `stmt`: an `if`'s condition, a return value, a call's arguments.
    fn before(&mut self, stmt: &Statement, span: Span, out: &mut Block) {
        match *stmt {
            Statement::If { condition, .. }
                if starts_with_word(self.cx.text, span, &["if", "else"]) =>
            {
                let ty = self.type_of(condition);
                self.record(out, SiteKind::Branch, span, "if".into(), condition, &ty);
            }
            Statement::Return { value: Some(v) } => {
                let ty = self.type_of(v);
                let name = self.function.clone();
                self.record(out, SiteKind::Return, span, name, v, &ty);
            }
            Statement::Call {
                function,
                ref arguments,
                ..
            } => self.arguments(function, arguments, span, out),
            _ => {}
        }
    }

    /// Each argument of a call of the user's function `callee`, pointers loaded.
    fn arguments(
        &mut self,
        callee: Handle<Function>,
        arguments: &[Handle<Expression>],
        span: Span,
        out: &mut Block,
    ) {
        let module = self.cx.module;
        if (self.cx.map)(module.functions.get_span(callee)).is_none() {
            return;
        }
        let f = &module.functions[callee];
        let callee_name = f.name.clone().unwrap_or_default();
        for (k, &value) in arguments.iter().enumerate() {
            let parameter = f
                .arguments
                .get(k)
                .and_then(|a| a.name.clone())
                .unwrap_or_default();
            let kind = SiteKind::Argument {
                callee: callee_name.clone(),
                parameter: parameter.clone(),
            };
            let ty = self.type_of(value);
            let pointee = match *ty.inner_with(&module.types) {
                TypeInner::Pointer { base, .. } => Some(TypeResolution::Handle(base)),
                TypeInner::ValuePointer {
                    size: Some(size),
                    scalar,
                    ..
                } => Some(TypeResolution::Value(TypeInner::Vector { size, scalar })),
                TypeInner::ValuePointer {
                    size: None, scalar, ..
                } => Some(TypeResolution::Value(TypeInner::Scalar(scalar))),
                _ => None,
            };
            match pointee {
                Some(pointee) => {
                    let mut load = Block::new();
                    let loaded = emit(
                        self.exprs,
                        &mut load,
                        Expression::Load { pointer: value },
                        span,
                    );
                    let before = self.cx.sites.len();
                    self.record(&mut load, kind, span, parameter, loaded, &pointee);
                    // Only a recorded load is kept (an unused emitted load is still valid,
                    // but pointless).
                    if self.cx.sites.len() > before {
                        out.extend_block(load);
                    }
                }
                None => self.record(out, kind, span, parameter, value, &ty),
            }
        }
    }

    /// Records made after `stmt`: a store's value, the named values an emit or a call makes.
    fn after(&mut self, stmt: &Statement, span: Span, out: &mut Block) {
        match *stmt {
            Statement::Emit(ref range) => {
                for h in range.clone() {
                    let Some((name, site)) = self.named.get(&h).cloned() else {
                        continue;
                    };
                    // A `let` of a variable's value: naga's load has no span.
                    let Some(site) = site
                        .to_range()
                        .map(|_| site)
                        .or_else(|| self.declaration_span(&name))
                    else {
                        continue;
                    };
                    let ty = self.type_of(h);
                    self.record(out, SiteKind::Declaration, site, name, h, &ty);
                }
            }
            Statement::Store { pointer, value } => self.store(pointer, value, span, out),
            Statement::Call {
                ref arguments,
                result,
                ..
            } => {
                if let Some(h) = result
                    && let Some((name, site)) = self.named.get(&h).cloned()
                {
                    let ty = self.type_of(h);
                    self.record(out, SiteKind::Declaration, site, name, h, &ty);
                }
                self.written_back(arguments, span, out);
            }
            Statement::Atomic {
                result: Some(h), ..
            }
            | Statement::WorkGroupUniformLoad { result: h, .. } => {
                if let Some((name, site)) = self.named.get(&h).cloned() {
                    let ty = self.type_of(h);
                    self.record(out, SiteKind::Declaration, site, name, h, &ty);
                }
            }
            _ => {}
        }
    }

    /// Where `let name` is written in the current window: the last such text before the next
    /// statement with a span, or the first after the previous one when none follows.
    fn declaration_span(&self, name: &str) -> Option<Span> {
        let text = self.cx.text;
        let (from, to) = self.window;
        let inside = text.get(from..to.min(text.len()))?;
        let is_word = |c: char| c.is_alphanumeric() || c == '_';
        let found = inside.match_indices("let").filter(|(at, _)| {
            let before = inside[..*at].chars().next_back();
            let rest = inside[at + 3..].trim_start();
            before.is_none_or(|c| !is_word(c))
                && inside[at + 3..].starts_with(char::is_whitespace)
                && rest
                    .strip_prefix(name)
                    .is_some_and(|r| !r.starts_with(is_word))
        });
        let at = if to == usize::MAX {
            found.map(|(at, _)| at).next()
        } else {
            found.map(|(at, _)| at).last()
        }?;
        let start = from + at;
        Some(Span::new(start as u32, (start + 3) as u32))
    }

    /// After a call, each place a pointer argument names, which the callee may have written (as
    /// ReShade FX's `out` arguments are recorded when written back).
    fn written_back(&mut self, arguments: &[Handle<Expression>], span: Span, out: &mut Block) {
        let module = self.cx.module;
        for &pointer in arguments {
            let TypeInner::Pointer { base, .. } = *self.type_of(pointer).inner_with(&module.types)
            else {
                continue;
            };
            let Some(place) = self.place_name(pointer) else {
                continue;
            };
            let mut load = Block::new();
            let loaded = emit(self.exprs, &mut load, Expression::Load { pointer }, span);
            let before = self.cx.sites.len();
            let ty = TypeResolution::Handle(base);
            self.record(&mut load, SiteKind::Assignment, span, place, loaded, &ty);
            if self.cx.sites.len() > before {
                out.extend_block(load);
            }
        }
    }

    /// A store into a local variable (or a part of one): the stored value, named as the place.
    fn store(
        &mut self,
        pointer: Handle<Expression>,
        value: Handle<Expression>,
        span: Span,
        out: &mut Block,
    ) {
        let Some(place) = self.place_name(pointer) else {
            return;
        };
        let kind = match self.exprs[pointer] {
            Expression::LocalVariable(v) if self.locals.get_span(v) == span => {
                // The zero naga stores for a `var` without initialiser declared in a loop.
                if matches!(self.exprs[value], Expression::ZeroValue(_)) {
                    return;
                }
                SiteKind::Declaration
            }
            _ => SiteKind::Assignment,
        };
        let ty = self.type_of(value);
        self.record(out, kind, span, place, value, &ty);
    }

    /// How the place `pointer` reads (`v`, `s.a`, `c.x`, `a[i]`; through a pointer parameter
    /// `*p`, `(*p).a`), when it is a local variable, what a pointer parameter points to, or a
    /// part of either.
    fn place_name(&self, pointer: Handle<Expression>) -> Option<String> {
        let types = &self.cx.module.types;
        match self.exprs[pointer] {
            Expression::LocalVariable(v) => self.locals[v].name.clone(),
            Expression::FunctionArgument(k) => {
                let argument = self.arguments.get(k as usize)?;
                match types[argument.ty].inner {
                    TypeInner::Pointer { .. } => Some(format!("*{}", argument.name.as_ref()?)),
                    _ => None,
                }
            }
            Expression::AccessIndex { base, index } => {
                let mut outer = self.place_name(base)?;
                if outer.starts_with('*') {
                    outer = format!("({outer})");
                }
                let part = match *self.info[base].ty.inner_with(types) {
                    TypeInner::Pointer { base: ty, .. } => match types[ty].inner {
                        TypeInner::Struct { ref members, .. } => members
                            .get(index as usize)
                            .and_then(|m| m.name.clone())
                            .map(|m| format!(".{m}")),
                        TypeInner::Vector { .. } => {
                            Some(format!(".{}", "xyzw".chars().nth(index as usize)?))
                        }
                        _ => None,
                    },
                    TypeInner::ValuePointer { size: Some(_), .. } => {
                        Some(format!(".{}", "xyzw".chars().nth(index as usize)?))
                    }
                    _ => None,
                };
                Some(outer + &part.unwrap_or_else(|| format!("[{index}]")))
            }
            Expression::Access { base, index } => {
                let mut outer = self.place_name(base)?;
                if outer.starts_with('*') {
                    outer = format!("({outer})");
                }
                Some(format!("{outer}[{}]", self.index_name(index)))
            }
            _ => None,
        }
    }

    /// How an index reads in a place's name: a literal, a named value, an argument, a local
    /// variable read, or `…`.
    fn index_name(&self, index: Handle<Expression>) -> String {
        if let Some((name, _)) = self.named.get(&index) {
            return name.clone();
        }
        match self.exprs[index] {
            Expression::Literal(naga::Literal::I32(n)) => n.to_string(),
            Expression::Literal(naga::Literal::U32(n)) => n.to_string(),
            Expression::FunctionArgument(k) => self
                .arguments
                .get(k as usize)
                .and_then(|a| a.name.clone())
                .unwrap_or_else(|| "…".into()),
            Expression::Load { pointer } => self.place_name(pointer).unwrap_or_else(|| "…".into()),
            _ => "…".to_string(),
        }
    }
}
