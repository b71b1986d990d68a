//! The half both front ends share (STYLE 16, as naga's one `valid/` beside its
//! `front/{wgsl,glsl,spv}`): it starts from "WGSL text + span map + resolved items", whichever
//! front end (`wfx/`, `fx/`) wrote them, and ends with the [`LoadOutput`] every load returns.
//!
//! - `wgsl.rs`: [`GeneratedWgsl`], the WGSL with its span map (the user text through the front
//!   end's [`TextOrigins`], then generated declarations, each line standing for its item);
//! - `items.rs`: what both front ends make of their items the same way: uniforms folded and laid
//!   out, the texture size limit, and the one [`SamplerStates`] every sampler is built from;
//! - `naga_check.rs`: naga's parse and validation, also used by `wgsl_file.rs`;
//! - `builder.rs`: [`EffectBuilder`], from validation to the `ValidatedEffect`, and the lints
//!   run on it while its span map lives;
//! - `pass.rs`: a [`PassStates`] into a model pass; `outputs.rs`: pixel-shader outputs against
//!   render targets; `state_values.rs`: pass-state values and names as ReShade reads them;
//!   `call_tree.rs`: walks over naga's call graph;
//! - [`FrontEndOutput`] and [`load_output`] here: the tail of every load.

mod builder;
pub(crate) mod call_tree;
pub mod fast_wgsl;
pub(crate) mod images;
mod items;
pub(crate) mod naga_check;
mod outputs;
mod pass;
mod stage_sampling;
pub(crate) mod state_values;
mod wgsl;

use std::path::Path;

pub(crate) use builder::{EffectBuilder, EffectItems, error_count};
pub(crate) use items::{MAX_TEXTURE_SIZE, SamplerStates, fold_uniforms, layout_uniforms};
pub(crate) use pass::{PassStates, Spelling};
pub(crate) use wgsl::{
    GeneratedWgsl, Placeholders, TextOrigins, blank_ranges, generate, srgb_view_name,
};

use crate::LoadOutput;
use crate::diagnostic::{self, Diagnostic};
use crate::model::ValidatedEffect;
use crate::source::SourceMap;

/// Appends the declarations generated from `items` (uniform buffer, resources) to `wgsl`, for a
/// front end with no placeholders.
pub(crate) fn generate_declarations(wgsl: &mut GeneratedWgsl, items: &mut EffectItems) {
    generate(wgsl, items, &Placeholders::default());
}

/// What a front end hands the shared tail: every file it read, every diagnostic so far (the
/// lints' among them: [`EffectBuilder::finish`] runs them), and the effect, if it built one.
pub(crate) struct FrontEndOutput {
    pub sources: SourceMap,
    pub effect: Option<ValidatedEffect>,
    pub diagnostics: Vec<Diagnostic>,
    /// The preprocessor's [`crate::preprocess::Preprocessed::tested_definitions`].
    pub tested_definitions: Vec<(String, String)>,
}

/// The tail of every load, whichever front end ran: no effect once any error was reported (the
/// preprocessor's and the parser's included), the effect's locations resolved against the final
/// sources, and the output.
pub(crate) fn load_output(path: &Path, out: FrontEndOutput) -> LoadOutput {
    let FrontEndOutput {
        sources,
        mut effect,
        diagnostics,
        tested_definitions,
    } = out;
    if diagnostic::has_errors(&diagnostics) {
        effect = None;
    }
    if let Some(effect) = &mut effect {
        effect.finish(path, &sources);
        effect.tested_definitions = tested_definitions;
    }
    LoadOutput {
        sources,
        effect,
        diagnostics,
    }
}
