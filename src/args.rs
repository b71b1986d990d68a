//! Command-line arguments several commands share, and the clap faces of the session layer's
//! choices (the `app` crate knows no clap).

use std::path::PathBuf;

use analysis::CompileMode;
use anyhow::Context as _;
use app::session::search::SearchPaths;
use app::session::spirv::ShaderChoice;

/// `WxH` with both sides in 1..=8192.
/// `error` and its causes, as `{:#}` writes them, without a cause whose text the message
/// before it already holds (errors that write their source into their own message, as
/// `engine::ChainError` does, would otherwise print it twice).
pub(crate) fn error_text(error: &anyhow::Error) -> String {
    let mut text = String::new();
    for cause in error.chain() {
        let part = cause.to_string();
        if text.contains(&part) {
            continue;
        }
        if !text.is_empty() {
            text.push_str(": ");
        }
        text.push_str(&part);
    }
    text
}

pub(crate) fn parse_size(text: &str) -> anyhow::Result<(u32, u32)> {
    let (w, h) = text
        .split_once(['x', 'X'])
        .with_context(|| format!("expected WxH, got '{text}'"))?;
    let parse = |s: &str| {
        s.trim()
            .parse::<u32>()
            .ok()
            .filter(|v| (1..=8192).contains(v))
            .with_context(|| format!("'{s}' is not a size in 1..=8192"))
    };
    Ok((parse(w)?, parse(h)?))
}

/// Where effects, their includes and their images are looked for: ReShade's effect and texture
/// search paths. A `ReShade.ini` beside a preset adds its own after these.
#[derive(clap::Args)]
pub(crate) struct SearchArgs {
    /// An effect search path (repeatable): `#include` looks there and in its subfolders after
    /// the including file's folder and before the built-in headers; a preset's effects are
    /// looked up there too.
    #[arg(short = 'I', long = "include", value_name = "DIR")]
    pub(crate) include: Vec<PathBuf>,
    /// A texture search path (repeatable): `source` images are looked for there after the
    /// effect's folder, in its subfolders too when written `DIR/**`; then, by default, in a
    /// `Textures` folder beside the effect's `Shaders` folder and its subfolders.
    #[arg(long = "textures", value_name = "DIR")]
    pub(crate) textures: Vec<PathBuf>,
}

impl SearchArgs {
    /// The search paths as the session layer takes them.
    pub(crate) fn paths(&self) -> SearchPaths {
        SearchPaths::from_args(&self.include, &self.textures)
    }

    /// A session of the one effect a command works on (`compare`, `debug`): these search paths
    /// and the `-D NAME=VALUE` definitions given.
    pub(crate) fn single_effect(
        &self,
        effect: &std::path::Path,
        defines: &[(String, String)],
    ) -> app::session::document::Document {
        let mut document = app::session::document::Document::with_effects(vec![effect.into()]);
        document.search_paths = self.paths();
        let definitions: Vec<String> = defines.iter().map(|(n, v)| format!("{n}={v}")).collect();
        document.set_definitions(None, &definitions.join(","));
        document
    }
}

/// The back buffer effects run on (`render`, `bench`, `check`, `compare`, the window): its format
/// and the colour space it is presented in, which `BUFFER_COLOR_BIT_DEPTH` and
/// `BUFFER_COLOR_SPACE` follow.
#[derive(clap::Args)]
pub(crate) struct BackBufferArgs {
    /// The back buffer's format: `rgba8` (default), `rgb10a2` or `rgba16f`.
    #[arg(long = "back-buffer", value_name = "FORMAT")]
    back_buffer_format: Option<analysis::BackBufferFormat>,
    /// The colour space it is presented in: `srgb`, `scrgb`, `hdr10` or `hlg`. Without it, the
    /// format's usual one (rgba8: srgb, rgb10a2: hdr10, rgba16f: scrgb).
    #[arg(long = "color-space", value_name = "SPACE")]
    color_space: Option<analysis::ColorSpace>,
}

impl BackBufferArgs {
    /// The back buffer, or why a swap chain cannot present that pair.
    pub(crate) fn back_buffer(&self) -> anyhow::Result<analysis::BackBuffer> {
        let format = self.back_buffer_format.unwrap_or_default();
        Ok(match self.color_space {
            Some(space) => analysis::BackBuffer::new(format, space)?,
            None => analysis::BackBuffer::of_format(format),
        })
    }

    /// The back buffer when either flag was given, else none (the window then keeps the one
    /// its last session stored).
    #[cfg_attr(not(feature = "window"), allow(dead_code))]
    pub(crate) fn chosen(&self) -> anyhow::Result<Option<analysis::BackBuffer>> {
        if self.back_buffer_format.is_none() && self.color_space.is_none() {
            return Ok(None);
        }
        self.back_buffer().map(Some)
    }
}

/// How `render` and `bench` run the chain: which shaders, and whether uniforms are compiled in.
#[derive(clap::Args)]
pub(crate) struct RunArgs {
    /// What the GPU runs: `wgpu` (naga IR translated by wgpu), `spirv` (naga's SPIR-V as
    /// `fxbench spirv` prints it) or `optimized` (that SPIR-V after the optimiser). The last
    /// two need Vulkan.
    #[arg(long, value_enum, default_value_t = ShadersArg::Wgpu)]
    shaders: ShadersArg,
    /// Compile uniforms in as constants at the preset's values (those fed by a `source` stay
    /// live), as ReShade's performance mode does.
    #[arg(long)]
    performance_mode: bool,
    /// Run only this technique (`Name` or `Name@File.fx`; repeat for more). Without it, the
    /// preset's techniques, or with no preset every technique of the effects.
    #[arg(long = "technique", value_name = "NAME")]
    pub(crate) techniques: Vec<String>,
}

impl RunArgs {
    pub(crate) fn shaders(&self) -> ShaderChoice {
        self.shaders.into()
    }

    /// The flag as the front end's mode (a flag reads best on the command line; an enum in code).
    pub(crate) fn compile_mode(&self) -> CompileMode {
        if self.performance_mode {
            CompileMode::Performance
        } else {
            CompileMode::Normal
        }
    }
}

/// [`ShaderChoice`] as a command-line value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum ShadersArg {
    /// naga IR, translated by wgpu for the backend (the usual path).
    #[default]
    Wgpu,
    /// Each pass stage as the SPIR-V the SPIR-V view shows, passed to the driver as it is.
    Spirv,
    /// That SPIR-V after our optimiser (vectorise, prune, CSE).
    Optimized,
}

impl From<ShadersArg> for ShaderChoice {
    fn from(arg: ShadersArg) -> Self {
        match arg {
            ShadersArg::Wgpu => ShaderChoice::Wgpu,
            ShadersArg::Spirv => ShaderChoice::Spirv,
            ShadersArg::Optimized => ShaderChoice::Optimized,
        }
    }
}

/// The window's `CentralView` as a command-line value.
#[cfg(feature = "window")]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum ViewArg {
    #[default]
    Preview,
    /// The passes as SPIR-V, before and after the optimiser.
    Spirv,
    /// The render-target inspector.
    Inspector,
    /// Per technique and pass times and their history.
    Timing,
    /// The SPIR-V view's source map of the first pixel shader.
    SourceMap,
}

#[cfg(feature = "window")]
impl From<ViewArg> for app::window::CentralView {
    fn from(arg: ViewArg) -> Self {
        match arg {
            ViewArg::Preview => Self::Preview,
            ViewArg::Spirv => Self::Spirv,
            ViewArg::Inspector => Self::Inspector,
            ViewArg::Timing => Self::Timing,
            ViewArg::SourceMap => Self::SourceMap,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::error_text;

    /// An error that writes its source into its own message, as `engine::ChainError` does.
    #[derive(Debug)]
    struct Outer(std::io::Error);

    impl std::fmt::Display for Outer {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            write!(f, "binding 'S': {}", self.0)
        }
    }

    impl std::error::Error for Outer {
        fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
            Some(&self.0)
        }
    }

    #[test]
    fn an_error_chain_says_each_cause_once() {
        let error =
            anyhow::Error::new(Outer(std::io::Error::other("a 1D image"))).context("effect 'a.fx'");
        assert_eq!(error_text(&error), "effect 'a.fx': binding 'S': a 1D image");
        let plain = anyhow::Error::new(std::io::Error::other("gone")).context("reading 'x.png'");
        assert_eq!(error_text(&plain), "reading 'x.png': gone");
    }
}
