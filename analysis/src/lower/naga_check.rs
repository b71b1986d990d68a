//! The one naga parse-and-validate step, shared by effect lowering and the plain `.wgsl` checker
//! (`wgsl_file.rs`): naga parses the text, the caller may edit the module, naga validates it,
//! going on past the first error, and every error becomes a located [`Diagnostic`].
//!
//! # Keeping going
//!
//! naga's parser stops at its first error and yields no module, so a parse error is reported
//! alone. Its validator also stops at the first error, but it validates module-scope items first,
//! then each function in arena order, then each entry point, and a function is checked against
//! its callees' *signatures* only (plus the summaries naga computes from their bodies: the
//! globals they use, whether they may `discard`, their uniformity needs). [`validate`] uses that
//! order to go on after a failure, on a scratch copy of the module:
//!
//! - an error in a function replaces that function's body with `return <zero value>;` (or an
//!   empty body when it returns nothing). Its signature is unchanged, so its callers are checked
//!   exactly as before; the stub only removes requirements (globals, `discard`, uniformity), so it
//!   can hide an error in a caller but never invent one. This is continue-with-unknown: the
//!   broken function becomes "returns some value of its declared type", and nothing that depends
//!   on its body is reported a second time;
//! - an error in an entry point removes that entry point: nothing can call one, so no other check
//!   depends on it;
//! - an error at module scope (a type, constant, global variable) stops: everything after it may
//!   be a consequence of it;
//! - if the function just stubbed fails again (its signature is what is wrong), validation stops.
//!
//! Each step removes the object that failed, so the loop ends after at most one round per
//! function and entry point, and one object is reported at most once. The module is valid only
//! when the first validation succeeds; the stubbed copy is never used for anything but finding
//! further errors.

use naga::valid::ValidationError;

use crate::diagnostic::Diagnostic;
use crate::naga_errors::{self, SpanMap};

/// Parses `text` with naga, applies `edit` to the module, and validates it. `map` takes naga's
/// spans to the sources; `user_len` bounds where an error naga reports without a span is looked
/// for (the user's text, not generated code). On failure returns every diagnostic: a parse
/// error alone (naga's parser stops at its first), or each validation error found.
pub(crate) fn parse_and_validate(
    text: &str,
    user_len: usize,
    map: SpanMap,
    edit: impl FnOnce(&mut naga::Module),
) -> Result<(naga::Module, naga::valid::ModuleInfo), Vec<Diagnostic>> {
    let mut module = naga::front::wgsl::parse_str(text).map_err(|error| {
        let mut d = naga_errors::parse_diagnostic(&error, text, map);
        if d.span.is_none()
            && let Some(range) = naga_errors::locate_spanless(text, user_len, error.message())
        {
            d.span = map(naga::Span::from(range));
        }
        vec![d]
    })?;
    edit(&mut module);
    let mut validator = naga::valid::Validator::new(
        naga::valid::ValidationFlags::all(),
        // Core WGSL's `pack2x16float`/`unpack2x16float` (and FX's `f32tof16`/`f16tof32`)
        // need this in naga; wgpu grants it on every Vulkan, Metal and DX12 device.
        naga::valid::Capabilities::default() | naga::valid::Capabilities::SHADER_FLOAT16_IN_FLOAT32,
    );
    let info = validate(&mut validator, &module).map_err(|errors| {
        errors
            .iter()
            .map(|error| naga_errors::validation_diagnostic(error, &module, text, map))
            .collect::<Vec<_>>()
    })?;
    Ok((module, info))
}

/// Validates `module`; on failure goes on past each error as the module documentation says and
/// returns every error found, each object's at most once.
fn validate(
    validator: &mut naga::valid::Validator,
    module: &naga::Module,
) -> Result<naga::valid::ModuleInfo, Vec<naga::WithSpan<ValidationError>>> {
    let first = match validator.validate(module) {
        Ok(info) => return Ok(info),
        Err(error) => error,
    };
    let mut scratch = module.clone();
    let mut stubbed = Vec::new();
    let mut errors = vec![first];
    // Each round stubs or removes one object, so this bound is never the reason to stop.
    for _ in 0..=module.functions.len() + module.entry_points.len() {
        let last = errors.last().expect("errors starts non-empty").as_inner();
        match last {
            ValidationError::Function { handle, .. } if !stubbed.contains(handle) => {
                stubbed.push(*handle);
                stub(&mut scratch.functions[*handle]);
            }
            ValidationError::EntryPoint { stage, name, .. } => {
                let (stage, name) = (*stage, name.clone());
                scratch
                    .entry_points
                    .retain(|e| !(e.stage == stage && e.name == name));
            }
            _ => break,
        }
        match validator.validate(&scratch) {
            Ok(_) => break,
            Err(error) => {
                let again = matches!(
                    error.as_inner(),
                    ValidationError::Function { handle, .. } if stubbed.contains(handle)
                );
                if again {
                    break;
                }
                errors.push(error);
            }
        }
    }
    Err(errors)
}

/// Replaces `function`'s body with `return <zero value of its result type>;`.
fn stub(function: &mut naga::Function) {
    function.local_variables = naga::Arena::new();
    function.expressions = naga::Arena::new();
    function.named_expressions = Default::default();
    let value = function.result.as_ref().map(|result| {
        function.expressions.append(
            naga::Expression::ZeroValue(result.ty),
            naga::Span::UNDEFINED,
        )
    });
    function.body = naga::Block::from_vec(vec![naga::Statement::Return { value }]);
}
