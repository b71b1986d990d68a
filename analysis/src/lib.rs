//! The fxbench effect front ends and their shared half: two front ends side by side, as naga's
//! `front/{wgsl,glsl,spv}` (`wfx/` for `.wfx`, `fx/` for ReShade FX), each preprocess → lex →
//! parse → check/lower, and one shared half (`build/`: WGSL with its span map, naga validation,
//! the effect builder, lints through `lints/`) that makes the `ValidatedEffect`; plus
//! diagnostics and presets. One front end per language serves the engine, the analyzer and the
//! SPIR-V view.
//!
//! Invariant: this crate depends on neither wgpu nor egui.

pub mod back_buffer;
mod build;
pub mod coverage;
pub mod cube_lut;
pub mod data;
pub mod debug;
pub mod diagnostic;
pub mod fx;
pub mod limits;
pub mod lints;
pub mod model;
pub mod naga_errors;
mod preprocess;
pub mod preset;
pub mod render;
pub mod source;
pub mod target;
mod wfx;
pub mod wgsl_file;
pub mod wgsl_lines;

use std::collections::HashMap;
use std::path::{Path, PathBuf};

pub use back_buffer::{BackBuffer, BackBufferError, BackBufferFormat, ColorSpace};
#[doc(hidden)]
pub use build::fast_wgsl::{Differential, differential, module as fast_wgsl_module};
pub use build::images::texture_image_fill;
pub use diagnostic::{Diagnostic, DiagnosticCode, Severity};
pub use limits::{DeviceLimits, LimitExceeded};
pub use model::*;
pub use preprocess::{
    FileLoader, FsLoader, MAX_OUTPUT_BYTES, MAX_SOURCE_BYTES, MemoryLoader, Preprocessed,
    read_source_bytes,
};
pub use source::{FileId, LineNaming, Location, SourceMap, Span};
pub use target::{Target, TargetKind};
pub use wfx::predefined_macros;

/// What the front end needs besides the source.
#[derive(Clone, Debug)]
pub struct Options {
    /// Size of the back buffer; `BUFFER_WIDTH`/`BUFFER_HEIGHT` and texture sizes derive from it.
    pub buffer_width: u32,
    pub buffer_height: u32,
    /// The back buffer's format and colour space; `BUFFER_COLOR_SPACE` and
    /// `BUFFER_COLOR_BIT_DEPTH` derive from it.
    pub back_buffer: BackBuffer,
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
    /// The caller exits right after this compile (a one-shot `fxbench check` of one effect):
    /// the front end's trees (the FX syntax tree, the checker's facts) are left for the
    /// operating system to reclaim at exit instead of being freed node by node, as clang's
    /// `-disable-free` leaves its own. Freeing them took 3-4% of such a run. The effect built
    /// is read for its diagnostics only: what only other views read (the table of where each
    /// WGSL line came from, for the SPIR-V view) is not made. Off by default; a caller that
    /// lives on (the window, tests, a check of many files) must leave it off.
    pub exit_after: bool,
    /// Function bodies of the WGSL a ReShade FX effect lowers to are lowered to naga's IR by
    /// fxbench's own reader where it can (`build/fast_wgsl/`), which builds exactly naga's
    /// module in a third of the time; off, naga parses everything. On by default; the
    /// differential tests turn it off to compare.
    pub fast_wgsl: bool,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            buffer_width: 1280,
            buffer_height: 720,
            back_buffer: BackBuffer::SRGB8,
            include_dirs: Vec::new(),
            texture_dirs: Vec::new(),
            builtin_include_dir: data::builtin_reshade_dir(),
            mode: CompileMode::Normal,
            uniform_values: HashMap::new(),
            definitions: Vec::new(),
            target: Target::engine(),
            exit_after: false,
            fast_wgsl: true,
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
        render::short(&self.sources, &self.diagnostics)
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

/// Runs only the WFX preprocessor over source text that claims to live at `path`, with the
/// predefined macros for `options` and its include folders: what the rest of the WFX front end
/// sees.
pub fn preprocess_text(
    path: &Path,
    text: String,
    loader: &dyn FileLoader,
    options: &Options,
) -> PreprocessOutput {
    preprocess::run_preprocessor(
        path,
        text,
        loader,
        &options.include_dirs,
        &predefined_macros(options),
        preprocess::preprocess,
    )
}

/// Validates effect source text that claims to live at `path` (includes resolve from there):
/// the front end of its language, then the tail both share.
pub fn compile(
    path: &Path,
    text: String,
    loader: &dyn FileLoader,
    options: &Options,
) -> LoadOutput {
    let front_end = if fx::is_fx_path(path) {
        fx::compile_fx
    } else {
        wfx::compile_wfx
    };
    build::load_output(path, front_end(path, text, loader, options))
}
