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

/// The most a source file (effect, header, preset) may hold: the preprocessor's own output cap,
/// so no file is read until memory runs out.
pub const MAX_SOURCE_BYTES: u64 = super::MAX_OUTPUT_BYTES as u64;

/// The bytes of the source file at `path`, refusing what is no source: something other than a
/// regular file (a folder, FIFO or device such as `/dev/zero`, which would never end), a file
/// over [`MAX_SOURCE_BYTES`] (read no further than that, even while it grows), and a file
/// holding NUL bytes (a binary file opened by mistake, which would drown the session in
/// diagnostics).
pub fn read_source_bytes(path: &Path) -> std::io::Result<Vec<u8>> {
    let bytes = read_bounded_file(path)?;
    if bytes.contains(&0) {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            "not a text file (it holds NUL bytes)",
        ));
    }
    Ok(bytes)
}

/// The bytes of the regular file at `path`, at most [`MAX_SOURCE_BYTES`] of them, NUL bytes
/// and all (ReShade FX reads a NUL as the end of the text: the preprocessor stops there).
pub fn read_bounded_file(path: &Path) -> std::io::Result<Vec<u8>> {
    use std::io::{Error, ErrorKind, Read as _};
    // The kind is read before opening: opening a FIFO blocks until a writer comes.
    let metadata = std::fs::metadata(path)?;
    if !metadata.is_file() {
        return Err(Error::new(
            ErrorKind::InvalidInput,
            "not a regular file (a folder, pipe or device)",
        ));
    }
    let file = std::fs::File::open(path)?;
    // Room for the whole file and the read that finds its end, so that it is read in one go
    // rather than in reads doubling from 32 bytes (a file that grows meanwhile still reads).
    let expected = metadata.len().min(MAX_SOURCE_BYTES) as usize + 1;
    let mut bytes = Vec::with_capacity(expected);
    file.take(MAX_SOURCE_BYTES + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_SOURCE_BYTES {
        return Err(Error::new(
            ErrorKind::InvalidData,
            format!("larger than {} MiB", MAX_SOURCE_BYTES >> 20),
        ));
    }
    Ok(bytes)
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
        String::from_utf8(read_source_bytes(path)?)
            .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidData, e))
    }
}
