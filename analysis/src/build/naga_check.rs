//! The one naga parse-and-validate step, shared by effect lowering and the plain `.wgsl` checker
//! (`wgsl_file.rs`): naga parses the text, the caller may edit the module, naga validates it,
//! going on past the first error, and every error becomes a located [`Diagnostic`].
//!
//! # Keeping going past parse errors
//!
//! naga's parser stops at its first error and yields no module. When that error lies inside a
//! function body, [`parse_and_validate`] replaces the inside of that body with `loop{}` padded
//! with spaces to the same length (so every other byte keeps its offset and every later span is
//! exact) and parses again, until the text parses or an error lies outside every body (a
//! declaration, a signature: everything after it may be its consequence). The function keeps its
//! signature, so its callers see it as before; naga lowers declarations in dependency order, so
//! each error found this way is independent of the ones before. Validation errors inside a
//! stubbed function are dropped (its body is no longer the user's), and the module is never
//! returned when any parse error was found.
//!
//! # Keeping going past validation errors
//!
//! naga's validator also stops at the first error, but it validates module-scope items first,
//! then each function in arena order, then each entry point, and a function is checked against
//! its callees' *signatures* only (plus the summaries naga computes from their bodies: the
//! globals they use, whether they may `discard`, their uniformity needs). [`validate`] uses that
//! order to go on after a failure, on a scratch copy of the module:
//!
//! - a missing capability (64-bit integers on a target without them) is reported once, then the
//!   capability is granted and validation starts again: nothing else about the item is wrong,
//!   so it stays declared and its uses are not reported again;
//! - an error in a function replaces that function's body with `return <zero value>;` (or an
//!   empty body when it returns nothing). Its signature is unchanged, so its callers are checked
//!   exactly as before; the stub only removes requirements (globals, `discard`, uniformity), so it
//!   can hide an error in a caller but never invent one. This is continue-with-unknown: the
//!   broken function becomes "returns some value of its declared type", and nothing that depends
//!   on its body is reported a second time;
//! - an error in an entry point removes that entry point: nothing can call one, so no other check
//!   depends on it;
//! - another error at module scope (a type, constant, global variable) stops: everything after it
//!   may be a consequence of it;
//! - if the function just stubbed fails again (its signature is what is wrong), validation stops.
//!
//! Each step removes the object that failed or grants a capability, so the loop ends after at
//! most one round per function, entry point and capability, and one object is reported at most
//! once. The module is valid only when the first validation succeeds; the stubbed copy is never
//! used for anything but finding further errors.

use std::borrow::Cow;
use std::ops::Range;

use naga::valid::{Capabilities, ValidationError};

use crate::diagnostic::Diagnostic;
use crate::naga_errors::{self, SpanMap};
use crate::target::Target;

/// Parses `text` with naga, applies `edit` to the module, and validates it against `target`.
/// `map` takes naga's spans to the sources; `user_len` bounds where an error naga reports
/// without a span is looked for, and which function bodies may be stubbed (the user's text, not
/// generated code). On failure returns every diagnostic: the parse errors found by stubbing
/// function bodies, then the validation errors of what parsed.
pub(crate) fn parse_and_validate(
    text: &str,
    user_len: usize,
    map: SpanMap,
    target: &Target,
    fast_bodies: bool,
    mut edit: impl FnMut(&mut naga::Module),
) -> Result<(naga::Module, naga::valid::ModuleInfo), Vec<Diagnostic>> {
    if fast_bodies && let Some(checked) = fast_path(text, target, &mut edit) {
        return Ok(checked);
    }
    let parsed = parse(text, user_len, map);
    let mut diagnostics = parsed.diagnostics;
    // naga finds syntax errors before name errors: report them in the order of the text.
    diagnostics.sort_by_key(|d| d.span.map(|s| (s.file, s.start)));
    let Some(mut module) = parsed.module else {
        return Err(diagnostics);
    };
    edit(&mut module);
    let in_stub = |error: &naga::WithSpan<ValidationError>| {
        error
            .spans()
            .filter_map(|(s, _)| s.to_range())
            .any(|r| parsed.stubbed.iter().any(|s| s.contains(&r.start)))
    };
    match validate(target.for_module(text), &module) {
        Ok(info) if diagnostics.is_empty() => return Ok((module, info)),
        Ok(_) => {}
        Err(errors) => diagnostics.extend(
            errors
                .iter()
                .filter(|e| !in_stub(e))
                .map(|e| naga_errors::validation_diagnostic(e, &module, &parsed.text, map, target)),
        ),
    }
    Err(diagnostics)
}

/// The module of `text` with the function bodies fxbench's own reader lowers (`fast_wgsl/`)
/// lowered by it and the rest by naga, edited and validated; `None` when that reader takes no
/// body or anything fails, for the caller to parse the text with naga alone (which reports
/// what is wrong, exactly as before). The module is naga's own either way.
fn fast_path(
    text: &str,
    target: &Target,
    edit: &mut dyn FnMut(&mut naga::Module),
) -> Option<(naga::Module, naga::valid::ModuleInfo)> {
    let plan = crate::build::fast_wgsl::Plan::of(text)?;
    let mut module = with_stack(text.len(), || plan.parse()).ok()?;
    plan.build(&mut module).ok()?;
    edit(&mut module);
    let flags = naga::valid::ValidationFlags::all();
    let info = naga::valid::Validator::new(flags, target.for_module(text))
        .validate(&module)
        .ok()?;
    Some((module, info))
}

/// What parsing with stubbed bodies produced.
struct Parsed<'a> {
    /// The module of the (stubbed) text, when it finally parsed.
    module: Option<naga::Module>,
    /// The text that parsed: `text` with the stubbed bodies replaced (borrowed when none was).
    text: Cow<'a, str>,
    /// Each stubbed function, from its name to the end of its body.
    stubbed: Vec<Range<usize>>,
    diagnostics: Vec<Diagnostic>,
}

/// naga's WGSL parser where the stack is enough for the text. naga orders declarations with a
/// recursive walk of their dependencies, one frame (about 300 bytes) per link of the longest
/// chain, so a call chain 27,000 functions deep overflows a main thread's 8 MiB; each link
/// takes at least a dozen bytes of text, so 32 bytes of stack per byte of text is enough for
/// any chain.
///
/// On the process's main thread a text whose longest chain needs at most half that thread's
/// usual stack is parsed in place: 128 KiB on Linux and macOS (8 MiB), 16 KiB on Windows,
/// whose main threads get 1 MiB (`MAIN_STACK`; a smaller `ulimit -s` than the usual is the
/// user's choice to run with less). `fxbench check` runs there,
/// and a thread of its own (its stack, and the fresh memory arena the C library gives a new
/// thread) was a fifth of the page faults of checking a 30 KB effect. Elsewhere (the window's
/// workers, tests) or for a longer text, the parser runs on a thread whose stack grows with
/// the text; that stack is reserved, not touched, until a deep chain uses it.
fn parse_str(text: &str) -> Result<naga::Module, naga::front::wgsl::ParseError> {
    with_stack(text.len(), || naga::front::wgsl::parse_str(text))
}

/// Runs `parse` (naga's parse of a text of `len` bytes) where the stack is enough for it, as
/// [`parse_str`] says.
fn with_stack<T: Send>(len: usize, parse: impl FnOnce() -> T + Send + Copy) -> T {
    const BASE_STACK: usize = 8 << 20;
    const STACK_PER_BYTE: usize = 32;
    const MAIN_STACK: usize = if cfg!(windows) { 1 << 20 } else { 8 << 20 };
    const MAIN_THREAD_TEXT: usize = MAIN_STACK / 2 / STACK_PER_BYTE;
    if len <= MAIN_THREAD_TEXT && std::thread::current().name() == Some("main") {
        return parse();
    }
    let stack = BASE_STACK.saturating_add(len.saturating_mul(STACK_PER_BYTE));
    std::thread::scope(|scope| {
        let spawned = std::thread::Builder::new()
            .name("naga-parse".into())
            .stack_size(stack)
            .spawn_scoped(scope, parse);
        match spawned {
            Ok(thread) => thread
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
            // No thread to be had: parse here, as naga would be called anyway.
            Err(_) => parse(),
        }
    })
}

/// Parses `text`, stubbing the body of each function a parse error lies in and parsing again,
/// as the module documentation says.
fn parse<'a>(text: &'a str, user_len: usize, map: SpanMap) -> Parsed<'a> {
    let first = match parse_str(text) {
        Ok(module) => {
            return Parsed {
                module: Some(module),
                text: Cow::Borrowed(text),
                stubbed: Vec::new(),
                diagnostics: Vec::new(),
            };
        }
        Err(error) => error,
    };
    // Only a text with a parse error needs its function bodies (and a copy to stub them in).
    let bodies = naga_errors::function_bodies(&text[..user_len.min(text.len())]);
    let mut current = text.to_string();
    let mut stubbed: Vec<Range<usize>> = Vec::new();
    let mut diagnostics = Vec::new();
    let mut next_error = Some(first);
    // Each round stubs one more body, so this bound is never the reason to stop.
    for _ in 0..=bodies.len() {
        let error = match next_error.take().map_or_else(|| parse_str(&current), Err) {
            Ok(module) => {
                return Parsed {
                    module: Some(module),
                    text: Cow::Owned(current),
                    stubbed,
                    diagnostics,
                };
            }
            Err(error) => error,
        };
        let mut d = naga_errors::parse_diagnostic(&error, &current, map);
        let mut at = error.labels().find_map(|(s, _)| s.to_range());
        if d.span.is_none()
            && let Some(range) = naga_errors::locate_spanless(&current, user_len, error.message())
        {
            d.span = map(naga::Span::from(range.clone()));
            at = Some(range);
        }
        diagnostics.push(d);
        let body = at.and_then(|at| {
            bodies
                .iter()
                .find(|(_, body)| body.start < at.start && at.start < body.end)
        });
        let Some((name, body)) =
            body.filter(|(name, _)| !stubbed.iter().any(|s| s.start == name.start))
        else {
            break;
        };
        let inside = body.start + 1..body.end - 1;
        current = naga_errors::replace(&current, inside.clone(), &stub_text(&current[inside]));
        // From the `fn` keyword: naga's span of a function starts there.
        let keyword = current[..name.start].trim_end().len().saturating_sub(2);
        stubbed.push(keyword..body.end);
    }
    Parsed {
        module: None,
        text: Cow::Owned(current),
        stubbed,
        diagnostics,
    }
}

/// A body inside that parses for any return type, as long as `inside` and with its line breaks
/// (so that line numbers after it stay right): `loop{}` and spaces, or only the line breaks when
/// `inside` is too short (validation errors in a stubbed body are dropped anyway).
fn stub_text(inside: &str) -> String {
    let kept: String = inside
        .bytes()
        .map(|b| if b == b'\n' { '\n' } else { ' ' })
        .collect();
    let Some(at) = kept.find("      ") else {
        return kept;
    };
    format!("{}loop{{}}{}", &kept[..at], &kept[at + 6..])
}

/// Validates `module`; on failure goes on past each error as the module documentation says and
/// returns every error found, each object's at most once.
fn validate(
    capabilities: Capabilities,
    module: &naga::Module,
) -> Result<naga::valid::ModuleInfo, Vec<naga::WithSpan<ValidationError>>> {
    let flags = naga::valid::ValidationFlags::all();
    let mut validator = naga::valid::Validator::new(flags, capabilities);
    let first = match validator.validate(module) {
        Ok(info) => return Ok(info),
        Err(error) => error,
    };
    let mut granted = capabilities;
    let mut scratch = module.clone();
    let mut stubbed = Vec::new();
    let mut errors = vec![first];
    // Each round stubs or removes one object or grants a capability, so this bound is never
    // the reason to stop.
    let rounds =
        module.functions.len() + module.entry_points.len() + Capabilities::all().iter().count();
    for _ in 0..=rounds {
        let last = errors.last().expect("errors starts non-empty").as_inner();
        let missing = naga_errors::missing_capabilities(last).filter(|c| !granted.contains(*c));
        match last {
            _ if missing.is_some() => {
                granted |= missing.unwrap_or_default();
                validator = naga::valid::Validator::new(flags, granted);
            }
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
