//! Where the preprocessor reads files from: the [`FileLoader`] trait, files held in memory
//! ([`MemoryLoader`]) and the file system ([`FsLoader`]).

use std::path::{Path, PathBuf};

/// Reads the files an effect names. Tests use an in-memory one.
pub trait FileLoader {
    fn read(&self, path: &Path) -> std::io::Result<String>;
}

/// Files held in memory, by path: for tests, benchmarks and editors with unsaved buffers.
#[derive(Clone, Debug, Default)]
pub struct MemoryLoader(pub std::collections::HashMap<PathBuf, String>);

impl MemoryLoader {
    pub fn new<P: Into<PathBuf>, T: Into<String>>(files: impl IntoIterator<Item = (P, T)>) -> Self {
        Self(
            files
                .into_iter()
                .map(|(p, t)| (p.into(), t.into()))
                .collect(),
        )
    }
}

impl FileLoader for MemoryLoader {
    fn read(&self, path: &Path) -> std::io::Result<String> {
        self.0.get(path).cloned().ok_or_else(|| {
            std::io::Error::new(
                std::io::ErrorKind::NotFound,
                "not among the files in memory",
            )
        })
    }
}

/// Reads from the file system.
#[derive(Clone, Copy, Debug, Default)]
pub struct FsLoader;

impl FileLoader for FsLoader {
    /// ReShade FX files (`.fx`, `.fxh`) are read as ReShade reads them
    /// ([`crate::fx::FxFileLoader`]: Latin-1 when not UTF-8, names in any case); others must be
    /// UTF-8 and named exactly.
    fn read(&self, path: &Path) -> std::io::Result<String> {
        if crate::fx::is_fx_path(path) {
            return crate::fx::FxFileLoader.read(path);
        }
        std::fs::read_to_string(path)
    }
}
