//! What the window remembers between runs (eframe's storage): the layout, the open effects and
//! preset, the input, the shaders the chain ran, and recently opened files.

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
}
