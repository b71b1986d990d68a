//! The headless session layer: what the window and the `fxbench` command line both do, without
//! egui. The open document ([`document`]), its input ([`input`]), the SPIR-V of its pass stages
//! and the shaders the chain runs ([`spirv`]), each instruction's source line
//! ([`spirv_lines`]) and that work off the UI thread ([`spirv_job`]), timing at a glance ([`timing`]), the shader debugger's compile and trace rows ([`debug`]), how the inspector shows a captured texture
//! ([`inspect`]), ReShade's own SPIR-V as a reference ([`reference`]), timing reports
//! ([`report`]), screenshots ([`screenshot`]), and the product's files
//! ([`files`]). It builds without the `window` feature, so a CLI-only binary reaches no eframe,
//! egui or winit (checked by `tests/dependency_boundaries.rs`).

pub mod background;
pub mod buffer;
pub mod debug;
pub mod document;
pub mod files;
pub mod input;
pub mod inspect;
pub mod reference;
pub mod report;
pub mod screenshot;
pub mod search;
pub mod spirv;
pub mod spirv_job;
pub mod spirv_lines;
pub mod timing;

use std::path::{Path, PathBuf};

use document::{Document, DocumentError};
use input::InputChoice;

/// Opens what the user asked for, with the defaults the window and the command line share: a
/// preset (with `effects` in place of the ones it names, if any); else the effects alone; else,
/// with neither, a built-in preset suited to `input` (the scene has depth, so it opens on the
/// depth fog; a still image or the test card on the blur demo).
pub fn open_document(
    preset: Option<&Path>,
    effects: &[PathBuf],
    input: &InputChoice,
) -> Result<Document, DocumentError> {
    open_document_in(preset, effects, input, &search::SearchPaths::default())
}

/// [`open_document`] with effect and texture search paths (see [`Document::search_paths`]).
pub fn open_document_in(
    preset: Option<&Path>,
    effects: &[PathBuf],
    input: &InputChoice,
    search_paths: &search::SearchPaths,
) -> Result<Document, DocumentError> {
    // What is no source (a folder, a pipe, a binary or huge file) is refused before anything
    // is replaced: a failed open keeps the current session.
    for path in effects {
        if let Err(source) = analysis::read_source_bytes(path) {
            return Err(DocumentError::Unreadable {
                path: path.clone(),
                source,
            });
        }
    }
    match (preset, effects.is_empty()) {
        (Some(preset), _) => {
            Document::with_preset_in(preset, effects.to_vec(), search_paths.clone())
        }
        (None, false) => Ok(Document {
            search_paths: search_paths.clone(),
            ..Document::with_effects(effects.to_vec())
        }),
        (None, true) => {
            let preset = match input {
                InputChoice::Scene => files::builtin_presets_dir().join("scene.ini"),
                InputChoice::TestCard | InputChoice::Image(_) => files::default_preset_path(),
            };
            Document::with_preset_in(&preset, Vec::new(), search_paths.clone())
        }
    }
}
