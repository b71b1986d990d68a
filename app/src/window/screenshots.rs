//! The screenshot action of the window (F12 and the Screenshot menu): the settings, and saving
//! off the UI thread. The frame itself is taken by [`super::runtime::Runtime`]; naming and
//! writing are [`crate::session::screenshot`]'s.

use std::path::PathBuf;
use std::sync::mpsc;

use super::persist::ScreenshotSettings;
use crate::session::screenshot::{self, ScreenshotError, Shot};

/// Screenshot settings and the saves still running.
#[derive(Default)]
pub struct Screenshots {
    pub settings: ScreenshotSettings,
    saving: Vec<mpsc::Receiver<Result<Vec<PathBuf>, ScreenshotError>>>,
}

impl Screenshots {
    pub fn new(settings: ScreenshotSettings) -> Self {
        Self {
            settings,
            saving: Vec::new(),
        }
    }

    /// Saves `shot` as `<name> <date> <time>.png` in the folder, on a worker thread; `None` when
    /// no folder is set (the caller asks for one first).
    pub fn save(&mut self, name: &str, shot: Shot) -> Option<()> {
        let folder = self.settings.folder.clone()?;
        let stem = screenshot::stem(name, chrono::Local::now().naive_local());
        let (done, result) = mpsc::channel();
        std::thread::spawn(move || {
            let _ = done.send(screenshot::save(&folder, &stem, &shot));
        });
        self.saving.push(result);
        Some(())
    }

    /// Whether a save is still running.
    pub fn is_saving(&self) -> bool {
        !self.saving.is_empty()
    }

    /// What the saves that finished since the last call did, for the status bar.
    pub fn poll(&mut self) -> Option<String> {
        let mut message = None;
        self.saving.retain(|save| match save.try_recv() {
            Ok(result) => {
                message = Some(match result {
                    Ok(files) => format!(
                        "screenshot saved: {}",
                        files
                            .iter()
                            .map(|f| f.display().to_string())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                    Err(e) => format!("screenshot not saved: {e}"),
                });
                false
            }
            Err(mpsc::TryRecvError::Empty) => true,
            Err(mpsc::TryRecvError::Disconnected) => false,
        });
        message
    }
}
