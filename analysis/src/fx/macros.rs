//! ReShade's preprocessor dialect as the FX front end runs it: the macros ReShade's runtime
//! defines for every effect (`fx_predefined_macros`), the compatibility macros it runs before
//! the effect's first line ([`FX_PRELUDE`]), and [`preprocess_fx`], which runs both.

use std::path::PathBuf;

use crate::preprocess::{self, Dialect, FileLoader, Files, Preprocessed};
use crate::{CompileMode, Diagnostic, FileId, Options, SourceMap};

/// Preprocesses a ReShade FX effect: ReShade's dialect, `definitions` (see
/// [`fx_predefined_macros`]) defined first, then the prelude run as a file of its own (ReShade's
/// compatibility macros, [`FX_PRELUDE`]), then `root`.
pub fn preprocess_fx(
    root: FileId,
    sources: &mut SourceMap,
    loader: &dyn FileLoader,
    include_dirs: &[PathBuf],
    definitions: &[(String, String)],
    diagnostics: &mut Vec<Diagnostic>,
) -> Preprocessed {
    let prelude = sources.add_supplied("<reshade prelude>", FX_PRELUDE);
    let files = Files {
        dialect: Dialect::ReshadeFx,
        prelude: Some(prelude),
        root,
    };
    preprocess::preprocess_files(
        files,
        sources,
        loader,
        include_dirs,
        definitions,
        diagnostics,
    )
}

/// The macros ReShade's runtime defines before every effect, for effects written against older
/// versions (texture reads with offsets and gathers under their old names).
pub const FX_PRELUDE: &str = "\
#define tex2Doffset(s, coords, offset) tex2D(s, coords, offset)
#define tex2Dlodoffset(s, coords, offset) tex2Dlod(s, coords, offset)
#define tex2Dgather(s, t, c) tex2Dgather##c(s, t)
#define tex2Dgatheroffset(s, t, o, c) tex2Dgather##c(s, t, o)
#define tex2Dgather0 tex2DgatherR
#define tex2Dgather1 tex2DgatherG
#define tex2Dgather2 tex2DgatherB
#define tex2Dgather3 tex2DgatherA
";

/// `__RESHADE__` for ReShade FX effects: ReShade 6.1.1, the release the specification's source
/// (the `gamescope` branch) and its compiler are (its `version.h`).
pub const FX_RESHADE_VERSION: u32 = 60101;
/// `__RENDERER__`: ReShade's id for Vulkan (0x20000) with the API version 1.3 (0x1300), the
/// back end fxbench runs effects on.
pub const FX_RENDERER: u32 = 0x2_1300;
/// The macros ReShade's runtime defines for every effect, with `options`' back buffer, then
/// `options.definitions`. No GPU is known here, so `__VENDOR__`, `__DEVICE__` and
/// `__APPLICATION__` are 0.
pub fn fx_predefined_macros(options: &Options) -> Vec<(String, String)> {
    let performance = u8::from(options.mode == CompileMode::Performance);
    let pairs: [(&str, String); 10] = [
        ("__RESHADE__", FX_RESHADE_VERSION.to_string()),
        ("__RESHADE_PERFORMANCE_MODE__", performance.to_string()),
        ("__VENDOR__", "0".into()),
        ("__DEVICE__", "0".into()),
        ("__RENDERER__", FX_RENDERER.to_string()),
        ("__APPLICATION__", "0".into()),
        ("BUFFER_WIDTH", options.buffer_width.max(1).to_string()),
        ("BUFFER_HEIGHT", options.buffer_height.max(1).to_string()),
        ("BUFFER_RCP_WIDTH", "(1.0 / BUFFER_WIDTH)".into()),
        ("BUFFER_RCP_HEIGHT", "(1.0 / BUFFER_HEIGHT)".into()),
    ];
    let [color_space, bit_depth] = options.back_buffer.macros();
    let mut list: Vec<(String, String)> = pairs
        .into_iter()
        .chain([color_space, bit_depth])
        .map(|(name, value)| (name.to_string(), value))
        .collect();
    list.extend(options.definitions.iter().cloned());
    list
}
