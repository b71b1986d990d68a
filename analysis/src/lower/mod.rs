//! Lowering, third stage: resolves the WFX structure AST into the typed effect model, assembles
//! the WGSL (user code with structure blanked, plus generated declarations) and has naga parse
//! and validate it.
//!
//! Lowering has two halves with a seam between them, so a second front end (ReShade FX, in
//! `fx/`) lowers into the same model:
//!
//! - the WFX half reads the structure syntax: `eval.rs` (constant expressions, annotations,
//!   state values), `items.rs` (uniforms, textures, samplers, storages) and `pass_states.rs`
//!   (a pass block into a [`PassStates`]), chained by [`lower`] below;
//! - the shared half builds the model from "WGSL text + span map + resolved items", whatever
//!   wrote them: `wgsl.rs` ([`GeneratedWgsl`]: generated declarations and the span map),
//!   `naga_check.rs` (naga parse and validation, also used by `wgsl_file.rs`), `builder.rs`
//!   ([`EffectBuilder`]: validation, bindings, the `ValidatedEffect`), `pass.rs` ([`PassStates`]
//!   into a model pass), `outputs.rs` (pixel-shader outputs against render targets) and
//!   `call_tree.rs` (walks over naga's call graph).

mod builder;
mod call_tree;
mod eval;
mod items;
pub(crate) mod naga_check;
mod outputs;
mod pass;
pub(crate) mod pass_states;
pub(crate) mod state_values;
pub(crate) mod wgsl;

use std::collections::HashMap;

pub(crate) use builder::{EffectBuilder, EffectItems, error_count};
pub(crate) use items::{MAX_TEXTURE_SIZE, fold_uniforms, layout_uniforms};
pub(crate) use pass::{PassStates, Spelling};
pub(crate) use wgsl::{GeneratedWgsl, Placeholders, TextOrigins, srgb_view_name};

/// Appends the declarations generated from `items` (uniform buffer, resources) to `wgsl`, for a
/// front end with no placeholders.
pub(crate) fn generate_declarations(wgsl: &mut GeneratedWgsl, items: &mut EffectItems) {
    wgsl::generate(wgsl, items, &Placeholders::default());
}

use crate::Options;
use crate::diagnostic::{Diagnostic, DiagnosticCode};
use crate::model::*;
use crate::parse::{Expr, Ident, Item, ParsedEffect};
use crate::preprocess::Preprocessed;
use crate::source::{FileId, Span};

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
pub fn lower(
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
    let user_text = wgsl::blank_ranges(&pp.text, &parsed.structure_ranges);
    let mut wgsl = GeneratedWgsl::new(user_text, pp, Span::new(root, 0, 0));
    wgsl::generate(&mut wgsl, &mut lowered.items, &lowered.placeholders);
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
