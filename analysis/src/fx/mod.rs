//! The ReShade FX front end: preprocess (ReShade's dialect and predefined macros), lex, and
//! parse `.fx`/`.fxh` effects into a syntax tree with exact spans (stage 1), then check names and
//! types (stage 2, `check`), reporting every independent error in one run. A later stage lowers
//! the tree to WGSL.
//!
//! Invariant: every diagnostic carries a span in a file of the returned [`SourceMap`] (mapped
//! back through the preprocessor), and no input makes this stage panic or overflow the stack.

pub mod ast;
mod backtrack_lines;
pub mod check;
mod check_atomic;
mod check_const;
mod check_entry;
mod check_expr;
mod check_init;
mod end_of_text;
pub mod files;
pub mod intrinsic_table;
pub mod intrinsics;
pub mod lexer;
pub(crate) mod lower;
mod macros;
pub mod parser;
mod place_casts;
pub mod types;

use std::path::Path;

use crate::build::FrontEndOutput;
use crate::preprocess::{FileLoader, Preprocessed};
use crate::{Diagnostic, DiagnosticCode, Options, SourceMap, Span};

pub use files::{
    FxFileLoader, collection_include_dirs, decode_source, find_ignoring_case,
    textures_beside_shaders,
};

/// The FX name (`ReShade::BackBuffer`) a name in the generated WGSL (`ReShade__BackBuffer`)
/// stands for; `None` for names lowering made up (wrappers, helpers). What reference rendering
/// matches ReShade's own names (`V__ReShade__BackBuffer`) against.
pub fn fx_name(wgsl: &str) -> Option<String> {
    lower::fx_name(wgsl)
}

/// What stage 1 gives: every file read, the preprocessed text, the tree and every diagnostic.
#[derive(Debug)]
pub struct FxParse {
    pub sources: SourceMap,
    pub preprocessed: Preprocessed,
    pub module: ast::Module,
    pub diagnostics: Vec<Diagnostic>,
    /// What the checker learnt, for lowering.
    pub facts: check::Facts,
    /// The root file.
    pub root: crate::FileId,
}

impl FxParse {
    /// How many diagnostics are errors.
    pub fn error_count(&self) -> usize {
        self.diagnostics.iter().filter(|d| d.is_error()).count()
    }
}

/// Reads the effect at `path` through `loader` and parses it.
pub fn parse_effect(path: &Path, loader: &dyn FileLoader, options: &Options) -> FxParse {
    match loader.read(path) {
        Ok(text) => parse_effect_source(path, text, loader, options),
        Err(error) => FxParse {
            sources: SourceMap::new(),
            preprocessed: Preprocessed::default(),
            module: ast::Module::default(),
            facts: check::Facts::default(),
            root: SourceMap::new().add(path, String::new()),
            diagnostics: vec![Diagnostic::error(
                DiagnosticCode::IoError,
                None,
                format!("'{}' : cannot read effect: {error}", path.display()),
            )],
        },
    }
}

/// Parses effect text that claims to live at `path`. Includes resolve beside the including file,
/// then in `options.include_dirs`, then in `options.builtin_include_dir`.
pub fn parse_effect_source(
    path: &Path,
    text: String,
    loader: &dyn FileLoader,
    options: &Options,
) -> FxParse {
    let mut include_dirs = options.include_dirs.clone();
    include_dirs.push(options.builtin_include_dir.clone());
    let crate::PreprocessOutput {
        mut sources,
        root,
        preprocessed: pp,
        mut diagnostics,
    } = crate::preprocess::run_preprocessor(
        path,
        text,
        loader,
        &include_dirs,
        &macros::fx_predefined_macros(options),
        macros::preprocess_fx,
    );
    let mut parsed = parser::parse(&pp.text);
    backtrack_lines::record(&pp, &mut sources, &parsed.backtracks);
    end_of_text::record(&pp, &mut sources, parsed.last_token);
    let locate = |range: ast::TextRange| {
        pp.span(range.start as usize, range.end as usize)
            .unwrap_or(Span::new(root, 0, 0))
    };
    // ReShade compiles only what preprocessed without an error (runtime.cpp's
    // `effect.preprocessed`), so after a preprocessor error it reports nothing else: the tree
    // is still built here (the outline, the editor), but what the parser and the checker find
    // in text the preprocessor failed on is not said.
    let preprocessed = !diagnostics.iter().any(Diagnostic::is_error);
    // Where the first syntax error is: ReShade declares before use in one pass, so only what
    // comes after it can be a follow-on of a declaration that failed to parse.
    let first_syntax_error = parsed.errors.iter().map(|e| e.range.start).min();
    for error in parsed.errors.into_iter().filter(|_| preprocessed) {
        diagnostics.push(Diagnostic::error(
            error.code,
            locate(error.range),
            error.message,
        ));
    }
    for &range in parsed.doubles.iter().filter(|_| preprocessed) {
        let text = pp
            .text
            .get(range.start as usize..range.end as usize)
            .unwrap_or("");
        diagnostics.push(Diagnostic::warning(
            DiagnosticCode::ImplicitTruncation,
            locate(range),
            format!("'{text}' : double literal truncated to float literal"),
        ));
    }
    let (findings, facts) = check::check_with_facts(&parsed.module, parsed.tokens);
    if facts.place_casts {
        place_casts::rewrite(&mut parsed.module, &facts.types);
    }
    for finding in findings {
        // A declaration that failed to parse is missing from the tree: names it declared would
        // be reported as undeclared after it, which is a follow-on error, not an independent one.
        let follow_on = matches!(
            finding.code,
            DiagnosticCode::UndeclaredIdentifier
                | DiagnosticCode::UndefinedFunction
                | DiagnosticCode::EntryNotFound
        ) && first_syntax_error.is_some_and(|at| finding.range.start > at);
        if preprocessed && !follow_on {
            let mut d = Diagnostic::error(finding.code, locate(finding.range), finding.message);
            d.severity = finding.severity;
            if let Some((range, message)) = finding.related {
                d = d.with_related(locate(range), message);
            }
            diagnostics.push(d);
        }
    }
    check::newer_reshade::explain_version_errors(&mut diagnostics, &sources);
    FxParse {
        sources,
        preprocessed: pp,
        module: parsed.module,
        diagnostics,
        facts,
        root,
    }
}

/// Whether `path` names a ReShade FX effect or header (`.fx`, `.fxh`).
pub fn is_fx_path(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("fx") || e.eq_ignore_ascii_case("fxh"))
}

/// The WGSL the FX effect at `path` lowers to (user code and generated declarations), before
/// naga parses it: for checking that naga accepts everything lowering generates. `Err` holds the
/// diagnostics when the effect has errors or uses something lowering does not support.
pub fn generated_wgsl(
    path: &Path,
    loader: &dyn FileLoader,
    options: &Options,
) -> Result<String, Vec<Diagnostic>> {
    let parsed = parse_effect(path, loader, options);
    if parsed.error_count() > 0 {
        return Err(parsed.diagnostics);
    }
    lower::wgsl_text(
        &parsed.module,
        &parsed.facts,
        &parsed.preprocessed,
        parsed.root,
        path,
        options,
    )
    .map_err(|u| {
        let span = parsed
            .preprocessed
            .span(u.range.start as usize, u.range.end as usize);
        vec![Diagnostic::error(u.code, span, u.message)]
    })
}

/// Parses, checks and lowers the FX effect text claiming to live at `path` into a validated
/// effect (see `lower/`).
pub(crate) fn compile_fx(
    path: &Path,
    text: String,
    loader: &dyn FileLoader,
    options: &Options,
) -> FrontEndOutput {
    let parsed = parse_effect_source(path, text, loader, options);
    let mut diagnostics = parsed.diagnostics;
    let effect = lower::lower(
        &parsed.module,
        &parsed.facts,
        &parsed.preprocessed,
        parsed.root,
        path,
        options,
        &mut diagnostics,
    );
    if options.exit_after {
        std::mem::forget(parsed.module);
        std::mem::forget(parsed.facts);
    }
    FrontEndOutput {
        sources: parsed.sources,
        effect,
        diagnostics,
        tested_definitions: parsed.preprocessed.tested_definitions,
    }
}

/// Reads, parses, checks and lowers the FX effect at `path` with the shader debugger's
/// instrumentation (`lower/trace.rs`, [`crate::debug`]).
pub(crate) fn instrument_fx(
    path: &Path,
    loader: &dyn FileLoader,
    options: &Options,
) -> crate::debug::InstrumentOutput {
    let parsed = parse_effect(path, loader, options);
    let mut diagnostics = parsed.diagnostics;
    let input = lower::LowerInput {
        module: &parsed.module,
        facts: &parsed.facts,
        pp: &parsed.preprocessed,
        root: parsed.root,
        root_path: path,
        options,
    };
    let lowered = lower::lower_instrumented(&input, &mut diagnostics);
    let (effect, sites) = match lowered {
        Some((effect, sites)) => (Some(effect), sites),
        None => (None, Vec::new()),
    };
    let sites = sites
        .into_iter()
        .map(|(site, span)| crate::debug::DraftSite {
            kind: site.kind,
            span,
            name: site.name,
            function: site.function,
            ty: site.ty,
        })
        .collect();
    crate::debug::instrumented_output(
        path,
        FrontEndOutput {
            sources: parsed.sources,
            effect,
            diagnostics,
            tested_definitions: parsed.preprocessed.tested_definitions,
        },
        sites,
    )
}
