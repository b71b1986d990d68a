//! ReShade FX lowering (stage 3): the checked tree translated into WGSL text with a span map
//! ([`FxOrigins`]), and the structure items (uniforms, textures, samplers, storages, techniques)
//! resolved into the model, driving the shared [`EffectBuilder`] exactly as the WFX side does.
//!
//! - `items.rs`: uniforms, textures, samplers, storages and annotations; `consts.rs`: constant
//!   expressions as ReShade folds them;
//! - `emit.rs`: functions and statements; `exprs.rs`: expressions, conversions and intrinsics;
//! - `calls.rs`: calls of user functions, `out` arguments through temporaries;
//! - `order.rs`: operands computed before a later operand's side effects, held in a `let`;
//! - `global_writes.rs`: which user functions write module-scope variables; `param_writes.rs`:
//!   which parameters a body writes (the others are read without a copy);
//! - `texture_params.rs`: texture parameters and results, dropped with their arguments;
//! - `textures.rs`: texture intrinsics; `integer_sampling.rs`: sampling an integer texture as a
//!   `textureLoad` of the nearest texel under the sampler's address modes;
//! - `matrices.rs`: integer and bool matrices as arrays of rows, with helper functions;
//! - `names.rs`: FX names as WGSL identifiers; `naga_words.rs`: naga's messages in FX words;
//! - `entry.rs`: entry-point wrappers (semantics to `@builtin`/`@location`); `varyings.rs`:
//!   locations of other varying semantics, pixel shader inputs a pass's vertex shader does not
//!   write (zero, with ReShade's X4576 warning);
//! - `passes.rs`: techniques and pass states into [`PassStates`];
//! - `usage.rs`: what the lints need to know that the WGSL cannot show;
//! - `trace.rs`: the shader debugger's instrumentation (records of values), off unless asked.
//!
//! A construct not supported yet stops lowering with one located `UnsupportedFeature` error:
//! never wrong code, never a panic.

mod atomics;
mod calls;
mod consts;
mod emit;
mod entry;
mod exprs;
mod global_writes;
mod integer_sampling;
mod intrinsics;
mod items;
mod matrices;
mod naga_words;
mod names;
pub(crate) use names::fx_name;
mod order;
mod param_writes;
mod parens;
mod passes;
mod texture_params;
mod textures;
pub(crate) mod trace;
mod usage;
mod varyings;

use rustc_hash::FxHashMap as HashMap;

use super::ast::{Module, TextRange};
use super::check::Facts;
use crate::Options;
use crate::build::{
    EffectBuilder, EffectItems, GeneratedWgsl, TextOrigins, error_count, generate_declarations,
};
use crate::diagnostic::{Diagnostic, DiagnosticCode};
use crate::model::*;
use crate::preprocess::Preprocessed;
use crate::source::{FileId, Span};

/// The generated WGSL's bytes back to the preprocessed FX text: each record is a generated line
/// and the FX range it stands for. Lowering writes its text line by line (`Emitter::line`), so
/// the records are in text order and do not overlap; a byte's record is found by binary search.
pub(crate) struct FxOrigins<'a> {
    pp: &'a Preprocessed,
    records: Vec<(usize, usize, TextRange)>,
}

impl<'a> FxOrigins<'a> {
    fn new(pp: &'a Preprocessed, records: Vec<(usize, usize, TextRange)>) -> Self {
        debug_assert!(
            records.windows(2).all(|w| w[0].1 <= w[1].0) && records.iter().all(|r| r.0 < r.1),
            "lowering's line records are in text order, not empty and apart"
        );
        Self { pp, records }
    }
}

impl TextOrigins for FxOrigins<'_> {
    fn origin(&self, start: usize, _end: usize) -> Option<Span> {
        let after = self.records.partition_point(|&(s, _, _)| s <= start);
        let &(_, end, range) = self.records.get(after.checked_sub(1)?)?;
        (start < end)
            .then(|| self.pp.span(range.start as usize, range.end as usize))
            .flatten()
    }
}

/// Why lowering stopped: where, what, and its code (`UnsupportedFeature` for a construct not
/// supported yet, another code for an input that is wrong, such as a missing image).
#[derive(Clone, Debug)]
pub(crate) struct Unsupported {
    pub range: TextRange,
    pub code: DiagnosticCode,
    pub message: String,
}

pub(crate) type Result<T> = std::result::Result<T, Unsupported>;

/// Makes the error for an unsupported construct.
pub(crate) fn unsupported<T>(range: TextRange, message: impl Into<String>) -> Result<T> {
    failed(range, DiagnosticCode::UnsupportedFeature, message)
}

/// Stops lowering with an error of `code` at `range`.
pub(crate) fn failed<T>(
    range: TextRange,
    code: DiagnosticCode,
    message: impl Into<String>,
) -> Result<T> {
    Err(Unsupported {
        range,
        code,
        message: message.into(),
    })
}

/// The front half: items, the passes' entry points and the code.
fn front(
    module: &Module,
    facts: &Facts,
    root_path: &std::path::Path,
    options: &Options,
    locate: &dyn Fn(TextRange) -> Span,
    trace: Option<trace::Tracer>,
) -> Result<(items::Lowered, passes::Plan, emit::Code)> {
    let mut lowered = items::lower_items(module, facts, options, root_path, locate)?;
    let mut plan = passes::plan(module, facts, &lowered)?;
    let code = emit::emit_module(module, facts, &lowered, &mut plan, &options.target, trace)?;
    plan.retyped.clone_from(&code.retyped);
    for storage in &mut lowered.items.storages {
        storage.atomic = code.atomic_storages.contains(&storage.name);
        storage.read_write = !storage.atomic && code.read_storages.contains(&storage.name);
    }
    lowered.items.lint_facts =
        usage::lint_facts(&module.items, facts, &lowered, &code.functions, locate);
    Ok((lowered, plan, code))
}

/// Takes the model items out of `lowered`, leaving it empty of them.
fn take_items(lowered: &mut items::Lowered) -> EffectItems {
    std::mem::take(&mut lowered.items)
}

/// The whole WGSL module lowering generates for a checked module (user code and generated
/// declarations), before naga sees it; the one error when something is not supported.
pub(crate) fn wgsl_text(
    module: &Module,
    facts: &Facts,
    pp: &Preprocessed,
    root: FileId,
    root_path: &std::path::Path,
    options: &Options,
) -> std::result::Result<String, Unsupported> {
    let locate = |range: TextRange| {
        pp.span(range.start as usize, range.end as usize)
            .unwrap_or(Span::new(root, 0, 0))
    };
    let (mut lowered, _, code) = front(module, facts, root_path, options, &locate, None)?;
    let origins = FxOrigins::new(pp, code.records);
    let mut items = take_items(&mut lowered);
    let mut wgsl = GeneratedWgsl::new(code.text, &origins, Span::new(root, 0, 0));
    generate_declarations(&mut wgsl, &mut items);
    Ok(wgsl.text)
}

/// Lowers a checked module; returns an effect only when nothing was wrong.
pub(crate) fn lower(
    module: &Module,
    facts: &Facts,
    pp: &Preprocessed,
    root: FileId,
    root_path: &std::path::Path,
    options: &Options,
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<ValidatedEffect> {
    let input = LowerInput {
        module,
        facts,
        pp,
        root,
        root_path,
        options,
    };
    lower_with(&input, None, diagnostics).0
}

/// What lowering reads: the checked module and where it came from.
pub(crate) struct LowerInput<'a> {
    pub module: &'a Module,
    pub facts: &'a Facts,
    pub pp: &'a Preprocessed,
    pub root: FileId,
    pub root_path: &'a std::path::Path,
    pub options: &'a Options,
}

/// Lowers a checked module with the debugger's instrumentation (`trace.rs`): the effect and its
/// record sites, each with the span it stands for.
pub(crate) fn lower_instrumented(
    input: &LowerInput<'_>,
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<(ValidatedEffect, Vec<(trace::SiteDraft, Span)>)> {
    let (effect, tracer) = lower_with(input, Some(trace::Tracer::default()), diagnostics);
    let tracer = tracer?;
    let root = input.root;
    let sites = tracer
        .sites
        .into_iter()
        .map(|site| {
            let span = input
                .pp
                .span(site.range.start as usize, site.range.end as usize)
                .unwrap_or(Span::new(root, 0, 0));
            (site, span)
        })
        .collect();
    Some((effect?, sites))
}

/// [`lower`], instrumented when `trace` is given (the tracer comes back with its sites).
fn lower_with(
    input: &LowerInput<'_>,
    trace: Option<trace::Tracer>,
    diagnostics: &mut Vec<Diagnostic>,
) -> (Option<ValidatedEffect>, Option<trace::Tracer>) {
    let LowerInput {
        module,
        facts,
        pp,
        root,
        root_path,
        options,
    } = *input;
    let errors_before = error_count(diagnostics);
    if errors_before > 0 {
        return (None, None);
    }
    let locate = |range: TextRange| {
        pp.span(range.start as usize, range.end as usize)
            .unwrap_or(Span::new(root, 0, 0))
    };
    let (mut lowered, plan, mut code) =
        match front(module, facts, root_path, options, &locate, trace) {
            Ok(done) => done,
            Err(u) => {
                diagnostics.push(Diagnostic::error(u.code, locate(u.range), u.message));
                return (None, None);
            }
        };
    let tracer = code.trace.take();
    let origins = FxOrigins::new(pp, code.records);
    let mut items = take_items(&mut lowered);
    let mut wgsl = GeneratedWgsl::new(code.text, &origins, Span::new(root, 0, 0));
    wgsl.level_zero_outside_fragment = true;
    // The debugger's instrumented code is not what the fast path is proven on.
    wgsl.fast_bodies = options.fast_wgsl && tracer.is_none();
    generate_declarations(&mut wgsl, &mut items);
    let first_new = diagnostics.len();
    let builder = EffectBuilder::new(wgsl, items, options, errors_before, diagnostics);
    // What naga says of the generated WGSL (a lowering bug, or code none of ReShade's back ends
    // compile) is said in FX words: entry points by the FX function a pass names, without
    // naga's own wording of a message already reworded (its `naga:` note).
    let entry = |wgsl: &str| {
        let e = plan.entries.iter().find(|e| e.wgsl_name() == wgsl)?;
        let name = pp.text.get(e.range.start as usize..e.range.end as usize)?;
        Some((name.to_string(), e.stage))
    };
    for d in &mut diagnostics[first_new..] {
        d.message = naga_words::fx_words(&naga_words::entry_points_in_fx_words(&d.message, &entry));
        d.notes.retain(|note| !note.starts_with("naga: "));
        for note in &mut d.notes {
            *note = naga_words::fx_words(note);
        }
    }
    let Some(mut builder) = builder else {
        return (None, tracer);
    };
    let techniques = passes::lower_techniques(
        module,
        facts,
        &plan,
        &lowered,
        &mut builder,
        &locate,
        diagnostics,
    );
    (builder.finish(techniques, diagnostics), tracer)
}

/// Where each name of the model came from, for passes: textures by qualified FX name.
#[derive(Default)]
pub(crate) struct ItemIds {
    pub textures: HashMap<String, TextureId>,
}
