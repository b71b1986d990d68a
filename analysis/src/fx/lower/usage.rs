//! What the lints need to know about the FX code that the WGSL lowering wrote cannot show
//! ([`LintFacts`]): the functions emission left out because no pass reaches them, the samplers
//! the emitted code names (a texel fetch through a sampler binds only its texture), and the
//! names as the user wrote them.

use std::collections::BTreeSet;

use super::super::ast::{Item, TextRange};
use super::super::check::Facts;
use super::items::{Global, Lowered};
use super::names::ident;
use crate::lints::LintFacts;
use crate::source::Span;

/// The lint facts of a module whose emitted user functions (by id) are `emitted`.
pub(super) fn lint_facts(
    items: &[Item],
    facts: &Facts,
    lowered: &Lowered,
    emitted: &BTreeSet<usize>,
    locate: &dyn Fn(TextRange) -> Span,
) -> LintFacts {
    let mut out = LintFacts::default();
    let mut emitted_ranges = Vec::new();
    functions(items, facts, emitted, locate, &mut out, &mut emitted_ranges);
    // A name use inside an emitted function is code some pass runs.
    let in_emitted = |r: &TextRange| {
        emitted_ranges
            .iter()
            .any(|f: &TextRange| f.start <= r.start && r.end <= f.end)
    };
    for (range, qualified) in &facts.globals {
        if let Some(Global::Sampler { sampler, .. }) = lowered.globals.get(qualified)
            && in_emitted(range)
        {
            out.named_samplers.insert(sampler.clone());
        }
    }
    for (range, qualified) in &facts.global_decls {
        if ident(qualified) != *qualified {
            out.written_names.insert(locate(*range), qualified.clone());
        }
    }
    out
}

/// Sorts the functions with a body into those emitted (their ranges) and those left out (their
/// qualified names and where their names are written), through namespaces.
fn functions(
    items: &[Item],
    facts: &Facts,
    emitted: &BTreeSet<usize>,
    locate: &dyn Fn(TextRange) -> Span,
    out: &mut LintFacts,
    emitted_ranges: &mut Vec<TextRange>,
) {
    for item in items {
        match item {
            Item::Namespace(n) => functions(&n.items, facts, emitted, locate, out, emitted_ranges),
            Item::Function(f) if f.body.is_some() => {
                let Some(id) = facts.functions.get(&f.name.range) else {
                    continue;
                };
                if emitted.contains(id) {
                    emitted_ranges.push(f.range);
                } else {
                    let name = facts
                        .function_names
                        .get(*id)
                        .map_or(f.name.name.as_str(), String::as_str);
                    out.unemitted_functions
                        .push((name.to_string(), locate(f.name.range)));
                }
            }
            _ => {}
        }
    }
}
