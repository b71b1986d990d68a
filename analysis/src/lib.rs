//! The fxbench effect front end: preprocess → parse structure → lower and validate (naga), plus
//! diagnostics and presets. One front end serves the engine, the analyzer and the SPIR-V view.
//!
//! Invariant: this crate depends on neither wgpu nor egui.

pub mod coverage;
pub mod data;
pub mod diagnostic;
pub mod fx;
mod lexer;
pub mod lints;
mod lower;
pub mod model;
pub mod naga_errors;
mod parse;
mod preprocess;
pub mod preset;
pub mod render;
pub mod source;
pub mod target;
pub mod wgsl_file;
pub mod wgsl_lines;

use std::collections::HashMap;
use std::path::{Path, PathBuf};

pub use diagnostic::{Diagnostic, DiagnosticCode, Severity};
pub use model::*;
pub use preprocess::{
    FileLoader, FsLoader, MAX_OUTPUT_BYTES, MemoryLoader, Preprocessed, predefined_macros,
};
pub use source::{FileId, SourceMap, Span};
pub use target::{Target, TargetKind};

/// What the front end needs besides the source.
#[derive(Clone, Debug)]
pub struct Options {
    /// Size of the back buffer; `BUFFER_WIDTH`/`BUFFER_HEIGHT` and texture sizes derive from it.
    pub buffer_width: u32,
    pub buffer_height: u32,
    /// Searched for `#include` after the including file's folder.
    pub include_dirs: Vec<PathBuf>,
    /// Searched for `source` images after the effect's folder and before `include_dirs`
    /// (ReShade's texture search paths; the session layer lists them for each effect).
    pub texture_dirs: Vec<PathBuf>,
    /// fxbench's own ReShade headers (`ReShade.fxh`, `ReShadeUI.fxh`), searched last, so an
    /// effect's own copies win. Defaults to the source checkout's `assets/reshade`; the session
    /// layer points it at the installed data.
    pub builtin_include_dir: PathBuf,
    pub mode: CompileMode,
    /// Values that replace initial values in performance mode, by uniform name.
    pub uniform_values: HashMap<String, Vec<f64>>,
    /// Preprocessor definitions (name, value) after the predefined ones, e.g. a preset's
    /// `PreprocessorDefinitions`.
    pub definitions: Vec<(String, String)>,
    /// What the generated WGSL is validated against: by default what fxbench's engine asks of
    /// the device ([`Target::engine`]); the window passes its device's set.
    pub target: Target,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            buffer_width: 1280,
            buffer_height: 720,
            include_dirs: Vec::new(),
            texture_dirs: Vec::new(),
            builtin_include_dir: data::builtin_reshade_dir(),
            mode: CompileMode::Normal,
            uniform_values: HashMap::new(),
            definitions: Vec::new(),
            target: Target::engine(),
        }
    }
}

/// The front end's output: every file read, the effect if it is valid, and every diagnostic.
#[derive(Debug)]
pub struct LoadOutput {
    pub sources: SourceMap,
    pub effect: Option<ValidatedEffect>,
    pub diagnostics: Vec<Diagnostic>,
}

impl LoadOutput {
    /// All diagnostics, one per line group, as `path:line:col: severity[Code]: message`.
    pub fn render_diagnostics(&self) -> String {
        self.diagnostics
            .iter()
            .map(|d| d.render_short(&self.sources))
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// Loads and validates the effect file at `path` from the file system.
pub fn load_effect(path: &Path, options: &Options) -> LoadOutput {
    load_effect_with(path, &FsLoader, options)
}

/// Loads and validates the effect at `path`, reading files through `loader`.
pub fn load_effect_with(path: &Path, loader: &dyn FileLoader, options: &Options) -> LoadOutput {
    match loader.read(path) {
        Ok(text) => compile(path, text, loader, options),
        Err(error) => LoadOutput {
            sources: SourceMap::new(),
            effect: None,
            diagnostics: vec![Diagnostic::error(
                DiagnosticCode::IoError,
                None,
                format!("'{}' : cannot read effect: {error}", path.display()),
            )],
        },
    }
}

/// The preprocessor's output for one file: every file read, the text with its source map, and the
/// preprocessor's diagnostics.
#[derive(Debug)]
pub struct PreprocessOutput {
    pub sources: SourceMap,
    pub root: FileId,
    pub preprocessed: Preprocessed,
    pub diagnostics: Vec<Diagnostic>,
}

/// Runs only the preprocessor over source text that claims to live at `path`, with the predefined
/// macros for `options` and its include folders: what the rest of the front end sees.
pub fn preprocess_text(
    path: &Path,
    text: String,
    loader: &dyn FileLoader,
    options: &Options,
) -> PreprocessOutput {
    run_preprocessor(
        path,
        text,
        loader,
        &options.include_dirs,
        &preprocess::predefined_macros(options),
        preprocess::preprocess,
    )
}

/// One of the preprocessor's dialects (`preprocess::preprocess`, `preprocess::preprocess_fx`).
pub(crate) type PreprocessorRun = fn(
    FileId,
    &mut SourceMap,
    &dyn FileLoader,
    &[PathBuf],
    &[(String, String)],
    &mut Vec<Diagnostic>,
) -> Preprocessed;

/// Adds `text` as the root file of a new source map and runs `run` over it: the start both front
/// ends share.
pub(crate) fn run_preprocessor(
    path: &Path,
    text: String,
    loader: &dyn FileLoader,
    include_dirs: &[PathBuf],
    definitions: &[(String, String)],
    run: PreprocessorRun,
) -> PreprocessOutput {
    let mut sources = SourceMap::new();
    let mut diagnostics = Vec::new();
    let root = sources.add(path, text);
    let preprocessed = run(
        root,
        &mut sources,
        loader,
        include_dirs,
        definitions,
        &mut diagnostics,
    );
    PreprocessOutput {
        sources,
        root,
        preprocessed,
        diagnostics,
    }
}

/// Validates effect source text that claims to live at `path` (includes resolve from there).
pub fn compile(
    path: &Path,
    text: String,
    loader: &dyn FileLoader,
    options: &Options,
) -> LoadOutput {
    if fx::is_fx_path(path) {
        return fx::compile_fx(path, text, loader, options);
    }
    let PreprocessOutput {
        sources,
        root,
        preprocessed: pp,
        mut diagnostics,
    } = preprocess_text(path, text, loader, options);
    let (tokens, lex_errors) = lexer::tokenize(&pp.text);
    let parsed = parse::parse(&tokens, pp.text.len());
    let located = |start, end| pp.span(start, end).unwrap_or(Span::new(root, 0, 0));
    for e in &lex_errors {
        diagnostics.push(Diagnostic::error(
            DiagnosticCode::SyntaxError,
            located(e.start, e.end),
            &e.message,
        ));
    }
    for e in &parsed.errors {
        diagnostics.push(Diagnostic::error(
            DiagnosticCode::SyntaxError,
            located(e.start, e.end),
            &e.message,
        ));
    }
    let mut effect = lower::lower(&parsed, &pp, &sources, root, options, &mut diagnostics);
    if let Some(effect) = &effect {
        lints::run(effect, &pp, root, &mut diagnostics);
    }
    if diagnostic::has_errors(&diagnostics) {
        effect = None;
    }
    if let Some(effect) = &mut effect {
        effect.finish(path, &sources);
    }
    LoadOutput {
        sources,
        effect,
        diagnostics,
    }
}
