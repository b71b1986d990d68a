//! The shader debugger's instrumentation of WFX code (`crate::debug`), an edit of the validated
//! naga module rather than of text: naga's statements carry the spans of the author's WGSL, which
//! the preprocessor's map takes back to the `.wfx` files.
//!
//! - `record.rs`: the trace buffer's IR and the statements writing one record;
//! - `types.rs`: naga types as the author's [`crate::debug::TraceType`] and a value's words;
//! - `walk.rs`: where records go in a function (stores, `let`s, returns, call arguments, `if`s);
//! - `gate.rs`: fragment and compute entry points set `fxbench_on` for the target invocation;
//! - here: [`instrument`] chains them and validates the result.
//!
//! The effect's WGSL text stays the normal compile's (the engine runs the module, and the
//! SPIR-V view and source map read the text); only its module and validation are replaced.

mod gate;
mod record;
mod types;
mod walk;

use crate::debug::DraftSite;
use crate::diagnostic::{Diagnostic, DiagnosticCode};
use crate::model::ValidatedEffect;
use crate::source::Span;
use crate::target::Target;

/// Instruments `effect`'s module in place (see the module's doc) and returns the record sites,
/// in site-id order. `map` takes a naga span of the author's code to the sources (`None` for
/// generated code, which records nothing). An instrumented module naga does not validate is an
/// fxbench bug, reported as one error at the span naga names; the effect is then unchanged.
pub(super) fn instrument(
    effect: &mut ValidatedEffect,
    map: &dyn Fn(naga::Span) -> Option<Span>,
    target: &Target,
) -> Result<Vec<DraftSite>, Diagnostic> {
    let original = &effect.module;
    let info = &effect.info;
    let mut module = original.clone();
    let globals = record::add_globals(&mut module);
    let mut sites = Vec::new();
    let mut functions = std::mem::take(&mut module.functions);
    let mut entry_points = std::mem::take(&mut module.entry_points);
    let mut recorders = Vec::new();
    {
        let mut cx = walk::Context {
            module: original,
            text: &effect.wgsl,
            map,
            sites: &mut sites,
            globals,
        };
        for (h, f) in functions.iter_mut() {
            if map(original.functions.get_span(h)).is_some() {
                let name = f.name.clone().unwrap_or_default();
                walk::function(&mut cx, &info[h], f, &name);
            }
        }
        for (k, ep) in entry_points.iter_mut().enumerate() {
            let traced = matches!(
                ep.stage,
                naga::ShaderStage::Fragment | naga::ShaderStage::Compute
            );
            if traced {
                let name = ep.name.clone();
                let recorder =
                    walk::function(&mut cx, info.get_entry_point(k), &mut ep.function, &name);
                recorders.push((k, recorder));
            }
        }
    }
    for (k, recorder) in recorders {
        gate::gate(&mut module, &mut entry_points[k], &recorder);
    }
    module.functions = functions;
    module.entry_points = entry_points;
    let capabilities = target.for_module(&effect.wgsl);
    let mut validator =
        naga::valid::Validator::new(naga::valid::ValidationFlags::all(), capabilities);
    match validator.validate(&module) {
        Ok(info) => {
            effect.module = module;
            effect.info = info;
            Ok(sites)
        }
        Err(error) => {
            let span = error.spans().find_map(|(s, _)| map(*s));
            Err(Diagnostic::error(
                DiagnosticCode::WgslValidationError,
                span,
                format!(
                    "internal error: the shader debugger's instrumentation is not valid ({}); please report it",
                    naga_errors_text(&error)
                ),
            ))
        }
    }
}

/// naga's message for `error` with its causes, in one line.
fn naga_errors_text(error: &naga::WithSpan<naga::valid::ValidationError>) -> String {
    let mut text = error.as_inner().to_string();
    let mut source = std::error::Error::source(error.as_inner());
    while let Some(cause) = source {
        text.push_str(": ");
        text.push_str(&cause.to_string());
        source = cause.source();
    }
    text
}
