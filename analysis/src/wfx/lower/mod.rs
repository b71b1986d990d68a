//! WFX lowering, third stage: resolves the structure AST into the typed effect model's items,
//! assembles the WGSL (user code with structure blanked, plus generated declarations) and drives
//! the shared [`EffectBuilder`] (`build/`) as every front end does.
//!
//! - `eval.rs`: constant expressions, annotations and checked state values;
//! - `items.rs`: uniforms, textures, samplers and storages;
//! - `pass_states.rs`: a pass block into a [`crate::build::PassStates`];
//! - here: [`lower`] chains them, and the one namespace of structure names ([`check_names`]).

mod eval;
mod items;
mod pass_states;

use std::collections::HashMap;

use crate::Options;
use crate::build::{self, EffectBuilder, GeneratedWgsl, error_count};
use crate::diagnostic::{Diagnostic, DiagnosticCode};
use crate::model::*;
use crate::preprocess::Preprocessed;
use crate::source::{FileId, Span};
use crate::wfx::parse::{Expr, Ident, Item, ParsedEffect};

/// What the WFX half of lowering reads and where it reports.
struct Ctx<'a> {
    pp: &'a Preprocessed,
    sources: &'a crate::source::SourceMap,
    include_dirs: &'a [std::path::PathBuf],
    texture_dirs: &'a [std::path::PathBuf],
    root: FileId,
    diagnostics: &'a mut Vec<Diagnostic>,
}

impl Ctx<'_> {
    fn span(&self, start: usize, end: usize) -> Span {
        self.pp
            .span(start, end)
            .unwrap_or(Span::new(self.root, 0, 0))
    }

    fn ident_span(&self, ident: &Ident) -> Span {
        self.span(ident.start, ident.end)
    }

    fn expr_span(&self, expr: &Expr) -> Span {
        self.span(expr.start, expr.end)
    }

    fn error(&mut self, code: DiagnosticCode, span: Span, message: impl Into<String>) {
        self.diagnostics
            .push(Diagnostic::error(code, span, message));
    }
}

/// Resolves, assembles and validates. Returns an effect only when no error was found.
pub(super) fn lower(
    parsed: &ParsedEffect,
    pp: &Preprocessed,
    sources: &crate::source::SourceMap,
    root: FileId,
    options: &Options,
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<ValidatedEffect> {
    let errors_before = error_count(diagnostics);
    let mut cx = Ctx {
        pp,
        sources,
        include_dirs: &options.include_dirs,
        texture_dirs: &options.texture_dirs,
        root,
        diagnostics,
    };
    check_names(&mut cx, parsed);
    let mut lowered = items::lower_items(&mut cx, parsed, options);
    let user_text = build::blank_ranges(&pp.text, &parsed.structure_ranges);
    let mut wgsl = GeneratedWgsl::new(user_text, pp, Span::new(root, 0, 0));
    build::generate(&mut wgsl, &mut lowered.items, &lowered.placeholders);
    // A broken structure item leaves names undeclared; naga would report each use of them again.
    if !parsed.errors.is_empty() {
        return None;
    }
    let mut builder =
        EffectBuilder::new(wgsl, lowered.items, options, errors_before, cx.diagnostics)?;
    let techniques = lower_techniques(&mut cx, parsed, &mut builder, &lowered.texture_ids);
    builder.finish(techniques, cx.diagnostics)
}

/// Names of every structure item share one namespace, as in ReShade FX: a second use of a name
/// is reported (and lowered no further, see `items::lower_items`).
fn check_names(cx: &mut Ctx, parsed: &ParsedEffect) {
    let mut names: HashMap<&str, Span> = HashMap::new();
    for item in &parsed.items {
        let ident = match item {
            Item::Uniform(u) => &u.name,
            Item::Texture(t) => &t.name,
            Item::Sampler(s) | Item::Storage(s) => &s.name,
            Item::Technique(t) => &t.name,
        };
        let span = cx.ident_span(ident);
        if let Some(first) = names.get(ident.name.as_str()) {
            let d = Diagnostic::error(
                DiagnosticCode::Redefinition,
                span,
                format!("'{}' : redefinition", ident.name),
            )
            .with_related(*first, "first defined here");
            cx.diagnostics.push(d);
        } else {
            names.insert(&ident.name, span);
        }
    }
}

/// Every technique with the passes that lower.
fn lower_techniques(
    cx: &mut Ctx,
    parsed: &ParsedEffect,
    builder: &mut EffectBuilder,
    texture_ids: &items::TextureIds,
) -> Vec<Technique> {
    let mut techniques = Vec::new();
    for item in &parsed.items {
        if let Item::Technique(decl) = item {
            let annotations = eval::lower_annotations(cx, &decl.annotations);
            let passes = decl
                .passes
                .iter()
                .filter_map(|p| {
                    let states = pass_states::pass_states(cx, p, builder, texture_ids);
                    builder.pass(states, cx.diagnostics)
                })
                .collect();
            techniques.push(Technique {
                name: decl.name.name.clone(),
                annotations,
                passes,
                span: cx.ident_span(&decl.name),
            });
        }
    }
    techniques
}
