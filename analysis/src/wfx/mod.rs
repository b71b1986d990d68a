//! The WFX front end (`.wfx`/`.wfxh`: WGSL with ReShade-style structure items), staged as naga's
//! front ends are: preprocess (the C-style preprocessor in its WGSL dialect, with `macros.rs`'
//! predefined macros), lex (`lexer.rs`), parse the structure (`parse.rs`), then lower into the
//! shared model (`lower/`), handing the shared half (`build/`) its WGSL and items. `trace/` is
//! the shader debugger's instrumentation of the validated module ([`instrument_wfx`]).
//!
//! Invariant: nothing here names the ReShade FX front end (`fx/`); what both use lives in
//! `build/` (checked by `tests/tidy.rs`).

mod lexer;
mod lower;
mod macros;
mod parse;
mod trace;

use std::path::Path;

pub use macros::predefined_macros;

use crate::build::FrontEndOutput;
use crate::preprocess::{FileLoader, Preprocessed};
use crate::{Diagnostic, DiagnosticCode, FileId, Options, PreprocessOutput, Span};

/// Preprocesses, lexes, parses and lowers the WFX text claiming to live at `path`.
pub(crate) fn compile_wfx(
    path: &Path,
    text: String,
    loader: &dyn FileLoader,
    options: &Options,
) -> FrontEndOutput {
    front(path, text, loader, options).0
}

/// [`compile_wfx`] with the shader debugger's instrumentation (`trace/`, [`crate::debug`]).
pub(crate) fn instrument_wfx(
    path: &Path,
    text: String,
    loader: &dyn FileLoader,
    options: &Options,
) -> crate::debug::InstrumentOutput {
    let (mut out, pp) = front(path, text, loader, options);
    // The WGSL naga parsed starts with the preprocessed text (structure blanked, every offset
    // kept); what follows it is generated.
    let user_len = pp.text.len();
    let map = |s: naga::Span| {
        let r = s.to_range()?;
        if r.end > user_len {
            return None;
        }
        pp.span(r.start, r.end)
    };
    let mut sites = Vec::new();
    if let Some(effect) = &mut out.effect {
        match trace::instrument(effect, &map, &options.target) {
            Ok(found) => sites = found,
            Err(d) => out.diagnostics.push(d),
        }
    }
    crate::debug::instrumented_output(path, out, sites)
}

/// The stages of [`compile_wfx`], also returning the preprocessed text its spans index.
fn front(
    path: &Path,
    text: String,
    loader: &dyn FileLoader,
    options: &Options,
) -> (FrontEndOutput, Preprocessed) {
    let PreprocessOutput {
        sources,
        root,
        preprocessed: mut pp,
        mut diagnostics,
    } = crate::preprocess_text(path, text, loader, options);
    let (tokens, lex_errors) = lexer::tokenize(&pp.text);
    let parsed = parse::parse(&tokens, pp.text.len());
    report_syntax_errors(&lex_errors, &parsed.errors, &pp, root, &mut diagnostics);
    let effect = lower::lower(&parsed, &pp, &sources, root, options, &mut diagnostics);
    let tested_definitions = std::mem::take(&mut pp.tested_definitions);
    let out = FrontEndOutput {
        sources,
        effect,
        diagnostics,
        tested_definitions,
    };
    (out, pp)
}

/// The lexer's and the parser's errors as located diagnostics.
fn report_syntax_errors(
    lex_errors: &[lexer::LexError],
    parse_errors: &[parse::SyntaxError],
    pp: &Preprocessed,
    root: FileId,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let located = |start, end| pp.span(start, end).unwrap_or(Span::new(root, 0, 0));
    let lexed = lex_errors
        .iter()
        .map(|e| (e.start, e.end, e.kind.to_string()));
    let parsed = parse_errors
        .iter()
        .map(|e| (e.start, e.end, e.message.clone()));
    for (start, end, message) in lexed.chain(parsed) {
        diagnostics.push(Diagnostic::error(
            DiagnosticCode::SyntaxError,
            located(start, end),
            message,
        ));
    }
}
