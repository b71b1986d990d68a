//! What the window remembers between runs (eframe's storage): the layout, the open effects and
//! preset, the input, the back buffer, the shaders the chain ran, and recently opened files.

use std::path::PathBuf;

use crate::session::input::InputChoice;
use crate::window::layout::Pane;

/// The storage key.
pub const KEY: &str = "fxbench";
/// How many recent files the File menu lists.
pub const RECENT_FILES: usize = 10;

/// The input, as stored.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum StoredInput {
    #[default]
    Scene,
    TestCard,
    Image(PathBuf),
}

impl From<&InputChoice> for StoredInput {
    fn from(input: &InputChoice) -> Self {
        match input {
            InputChoice::Scene => Self::Scene,
            InputChoice::TestCard => Self::TestCard,
            InputChoice::Image(path) => Self::Image(path.clone()),
        }
    }
}

impl From<StoredInput> for InputChoice {
    fn from(input: StoredInput) -> Self {
        match input {
            StoredInput::Scene => Self::Scene,
            StoredInput::TestCard => Self::TestCard,
            StoredInput::Image(path) => Self::Image(path),
        }
    }
}

/// Everything the window stores.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct Stored {
    pub layout: egui_tiles::Tree<Pane>,
    pub effects: Vec<PathBuf>,
    pub preset: Option<PathBuf>,
    pub input: StoredInput,
    pub recent: Vec<PathBuf>,
    /// Recently opened images, newest first (the Open image menu's list).
    #[serde(default)]
    pub recent_images: Vec<PathBuf>,
    /// The chosen resolution (absent in what older versions stored).
    #[serde(default)]
    pub resolution: Option<(u32, u32)>,
    #[serde(default)]
    pub screenshots: ScreenshotSettings,
    /// Effect and texture search paths, as the Search paths menu lists them.
    #[serde(default)]
    pub include: Vec<PathBuf>,
    #[serde(default)]
    pub textures: Vec<PathBuf>,
    /// Folders of ReShade's own SPIR-V (the File menu's reference folder).
    #[serde(default)]
    pub reference: Vec<PathBuf>,
    /// The back buffer the effects ran on (absent in what older versions stored).
    #[serde(default)]
    pub back_buffer: Option<StoredBackBuffer>,
}

/// A back buffer as stored: its format's and colour space's command-line names, so a session
/// stays readable when the enums grow.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct StoredBackBuffer {
    pub format: String,
    pub color_space: String,
}

impl From<analysis::BackBuffer> for StoredBackBuffer {
    fn from(back_buffer: analysis::BackBuffer) -> Self {
        Self {
            format: back_buffer.format().name().to_string(),
            color_space: back_buffer.color_space().name().to_string(),
        }
    }
}

impl StoredBackBuffer {
    /// The back buffer stored, or none when the names are unknown or no swap chain presents
    /// the pair (then the default is used).
    pub fn back_buffer(&self) -> Option<analysis::BackBuffer> {
        let format = self.format.parse().ok()?;
        let color_space = self.color_space.parse().ok()?;
        analysis::BackBuffer::new(format, color_space).ok()
    }
}

/// Where screenshots go and whether the image before the effects is saved too.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ScreenshotSettings {
    /// Asked for on the first screenshot when unset.
    pub folder: Option<PathBuf>,
    /// Also save the input, as ReShade's "SaveBeforeShot" (` original.png`).
    pub before: bool,
}

/// Puts `path` first among the recent files (once), keeping at most [`RECENT_FILES`].
pub fn remember(recent: &mut Vec<PathBuf>, path: PathBuf) {
    recent.retain(|p| *p != path);
    recent.insert(0, path);
    recent.truncate(RECENT_FILES);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recent_files_are_unique_newest_first_and_bounded() {
        let mut recent = Vec::new();
        for i in 0..12 {
            remember(&mut recent, PathBuf::from(format!("{i}.wfx")));
        }
        remember(&mut recent, PathBuf::from("5.wfx"));
        assert_eq!(recent.len(), RECENT_FILES);
        assert_eq!(recent[0], PathBuf::from("5.wfx"));
        assert_eq!(recent[1], PathBuf::from("11.wfx"));
        assert_eq!(recent.iter().filter(|p| p.ends_with("5.wfx")).count(), 1);
    }

    #[test]
    fn back_buffers_are_stored_by_name_and_bad_names_fall_back() {
        for format in analysis::BackBufferFormat::ALL {
            for &space in analysis::BackBuffer::color_spaces_of(format) {
                let back_buffer = analysis::BackBuffer::new(format, space).unwrap();
                let stored = StoredBackBuffer::from(back_buffer);
                assert_eq!(stored.back_buffer(), Some(back_buffer));
            }
        }
        let stored = StoredBackBuffer::from(analysis::BackBuffer::of_format(
            analysis::BackBufferFormat::Rgba16f,
        ));
        assert_eq!(
            (stored.format.as_str(), stored.color_space.as_str()),
            ("rgba16f", "scrgb")
        );
        let unpresentable = StoredBackBuffer {
            format: "rgba8".into(),
            color_space: "hdr10".into(),
        };
        assert_eq!(unpresentable.back_buffer(), None);
        let unknown = StoredBackBuffer {
            format: "rgba32f".into(),
            color_space: "srgb".into(),
        };
        assert_eq!(unknown.back_buffer(), None);
    }
}
