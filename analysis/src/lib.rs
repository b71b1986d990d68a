//! The fxbench effect front end: preprocess → parse structure → lower and validate (naga), plus
//! diagnostics and presets. One front end serves the engine, the analyzer and the SPIR-V view.
//!
//! Invariant: this crate depends on neither wgpu nor egui.

pub mod coverage;
pub mod diagnostic;
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
pub mod wgsl_file;

use std::collections::HashMap;
use std::path::{Path, PathBuf};

pub use diagnostic::{Diagnostic, DiagnosticCode, Severity};
pub use model::*;
pub use preprocess::{
    FileLoader, FsLoader, MAX_OUTPUT_BYTES, MemoryLoader, Preprocessed, predefined_macros,
};
pub use source::{FileId, SourceMap, Span};

/// What the front end needs besides the source.
#[derive(Clone, Debug)]
pub struct Options {
    /// Size of the back buffer; `BUFFER_WIDTH`/`BUFFER_HEIGHT` and texture sizes derive from it.
    pub buffer_width: u32,
    pub buffer_height: u32,
    /// Searched for `#include` after the including file's folder.
    pub include_dirs: Vec<PathBuf>,
    pub mode: CompileMode,
    /// Values that replace initial values in performance mode, by uniform name.
    pub uniform_values: HashMap<String, Vec<f64>>,
    /// Preprocessor definitions (name, value) after the predefined ones, e.g. a preset's
    /// `PreprocessorDefinitions`.
    pub definitions: Vec<(String, String)>,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            buffer_width: 1280,
            buffer_height: 720,
            include_dirs: Vec::new(),
            mode: CompileMode::Normal,
            uniform_values: HashMap::new(),
            definitions: Vec::new(),
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
    let mut sources = SourceMap::new();
    let mut diagnostics = Vec::new();
    let root = sources.add(path, text);
    let preprocessed = preprocess::preprocess(
        root,
        &mut sources,
        loader,
        &options.include_dirs,
        &preprocess::predefined_macros(options),
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
    let mut sources = SourceMap::new();
    let mut diagnostics = Vec::new();
    let root = sources.add(path, text);
    let pp = preprocess::preprocess(
        root,
        &mut sources,
        loader,
        &options.include_dirs,
        &preprocess::predefined_macros(options),
        &mut diagnostics,
    );
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
        lints::run(effect, &parsed, &pp, root, &mut diagnostics);
    }
    if diagnostic::has_errors(&diagnostics) {
        effect = None;
    }
    if let Some(effect) = &mut effect {
        effect.path = path.to_path_buf();
    }
    LoadOutput {
        sources,
        effect,
        diagnostics,
    }
}

/// The folder holding fxbench's data (`assets/` with the standard header and effects,
/// `presets/`): `FXBENCH_DATA` if set; else the nearest folder above the running executable that
/// has `assets/shaders/fxbench.wfxh` (a binary inside a checkout, or installed next to a copy of
/// the data); else the source checkout the binary was built from.
pub fn data_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("FXBENCH_DATA") {
        return PathBuf::from(dir);
    }
    let has_data = |dir: &Path| dir.join("assets/shaders/fxbench.wfxh").is_file();
    if let Ok(exe) = std::env::current_exe()
        && let Some(dir) = exe.ancestors().skip(1).find(|d| has_data(d))
    {
        return dir.to_path_buf();
    }
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap_or(Path::new("."))
        .to_path_buf()
}

/// Writes `bytes` to a temporary file beside `path`, flushes it to disk and renames it over
/// `path`, so a crash or a full disk never leaves a half-written file; on failure the old file is
/// untouched and the temporary file is removed.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write as _;
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let mut file = tempfile::NamedTempFile::new_in(dir)?;
    file.write_all(bytes)?;
    file.as_file().sync_all()?;
    file.persist(path).map(drop).map_err(|e| e.error)
}
