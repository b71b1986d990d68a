//! After the GPU device is lost. eframe owns the window's device and cannot make another, so
//! the window cannot go on drawing; what it can do is lose nothing. It writes the session — what
//! is open, the editor's unsaved text, the techniques, order and values not yet saved to the
//! preset — to a recovery file, starts a new fxbench process (which makes a new device) with
//! `--recover FILE`, and closes. The new window opens the same files and input, puts the unsaved
//! text back into its editor tabs as unsaved edits and the preset changes onto its chain, still
//! unsaved, and says what happened. Nothing is written over the user's files.

use std::path::{Path, PathBuf};

use super::persist::StoredInput;

/// What a window that lost its device hands to the next one.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Recovery {
    pub effects: Vec<PathBuf>,
    pub preset: Option<PathBuf>,
    pub input: StoredInput,
    pub depth: Option<PathBuf>,
    pub resolution: Option<(u32, u32)>,
    /// The search paths it was opened with.
    #[serde(default)]
    pub include: Vec<PathBuf>,
    #[serde(default)]
    pub textures: Vec<PathBuf>,
    /// The back buffer the effects ran on.
    #[serde(default)]
    pub back_buffer: Option<super::persist::StoredBackBuffer>,
    /// The editor's unsaved text, by file.
    pub buffers: Vec<(PathBuf, String)>,
    /// The chain's techniques, order and values as preset text (ReShade's INI), when they had
    /// changes not saved to the preset.
    pub preset_text: Option<String>,
    /// Why the device was lost.
    pub why: String,
}

/// What went wrong writing or reading a recovery file, or starting the next window.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RecoveryError {
    #[error("cannot encode the session: {0}")]
    Encode(#[source] serde_json::Error),
    #[error("cannot write {}: {source}", path.display())]
    Write {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("cannot read {}: {source}", path.display())]
    Read {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// The file is not a recovery file (at its line and column, in the message).
    #[error("{}: {source}", path.display())]
    Decode {
        path: PathBuf,
        #[source]
        source: serde_json::Error,
    },
    #[error("cannot find fxbench: {0}")]
    NoExecutable(#[source] std::io::Error),
    #[error("cannot start a new fxbench window: {0}")]
    Relaunch(#[source] std::io::Error),
}

impl Recovery {
    /// Writes the recovery file (JSON) into `dir`, atomically; returns its path.
    pub fn write(&self, dir: &Path) -> Result<PathBuf, RecoveryError> {
        let path = dir.join(format!("fxbench-recovery-{}.json", std::process::id()));
        let json = serde_json::to_vec_pretty(self).map_err(RecoveryError::Encode)?;
        match crate::session::files::write_atomic(&path, &json) {
            Ok(()) => Ok(path),
            Err(source) => Err(RecoveryError::Write { path, source }),
        }
    }

    /// Reads a recovery file.
    pub fn read(path: &Path) -> Result<Self, RecoveryError> {
        let bytes = std::fs::read(path).map_err(|source| RecoveryError::Read {
            path: path.to_path_buf(),
            source,
        })?;
        serde_json::from_slice(&bytes).map_err(|source| RecoveryError::Decode {
            path: path.to_path_buf(),
            source,
        })
    }
}

/// Starts a new fxbench window that recovers from `file`.
pub fn relaunch(file: &Path) -> Result<(), RecoveryError> {
    let exe = std::env::current_exe().map_err(RecoveryError::NoExecutable)?;
    std::process::Command::new(exe)
        .arg("--recover")
        .arg(file)
        .spawn()
        .map(drop)
        .map_err(RecoveryError::Relaunch)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_recovery_file_round_trips() {
        let dir = tempfile::tempdir().expect("temp dir");
        let recovery = Recovery {
            effects: vec![PathBuf::from("/fx/a.fx")],
            preset: Some(PathBuf::from("/fx/p.ini")),
            input: StoredInput::TestCard,
            depth: None,
            resolution: Some((640, 360)),
            include: vec![PathBuf::from("/fx/Shaders")],
            textures: vec![PathBuf::from("/fx/Textures/**")],
            back_buffer: Some(
                analysis::BackBuffer::of_format(analysis::BackBufferFormat::Rgb10a2).into(),
            ),
            buffers: vec![(PathBuf::from("/fx/a.fx"), "float4 x; // é\n".to_string())],
            preset_text: Some("Techniques=A@a.fx\n".to_string()),
            why: "destroyed".to_string(),
        };
        let path = recovery.write(dir.path()).expect("written");
        assert_eq!(Recovery::read(&path).expect("read"), recovery);
        std::fs::write(&path, "{ not json").expect("overwritten");
        let error = Recovery::read(&path).unwrap_err().to_string();
        assert!(error.contains("fxbench-recovery-"), "{error}");
    }
}
