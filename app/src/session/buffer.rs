//! Effect files open for editing: the text being edited, what the disk held when it was read or
//! saved, and how a change on disk meets unsaved edits (never silently discarded). The front end
//! reads open buffers instead of the disk through [`OverlayLoader`], so what is typed compiles
//! before it is saved.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use analysis::FileLoader;

/// How a file's bytes became text, so a save writes them back the same way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    Utf8,
    /// UTF-8 after a byte order mark, which the save keeps.
    Utf8Bom,
    /// Not UTF-8: every byte one character, as ReShade reads such effects.
    Latin1,
}

/// Why a buffer could not be saved or read.
#[derive(Debug, thiserror::Error)]
pub enum BufferError {
    #[error("{path}: {source}")]
    Io {
        path: String,
        #[source]
        source: std::io::Error,
    },
    #[error(
        "{path}: the file was read as Latin-1 and the text now has characters Latin-1 cannot hold"
    )]
    NotLatin1 { path: String },
}

/// What [`Buffer::check_disk`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DiskChange {
    /// The disk holds what the buffer last read or wrote.
    None,
    /// The file changed and the buffer had no unsaved edits: it now holds the new text.
    Reloaded,
    /// The file changed while the buffer had unsaved edits: both are kept until the user picks
    /// one ([`Buffer::keep_disk`], [`Buffer::keep_mine`]).
    Conflict,
}

/// One file open for editing.
#[derive(Clone, Debug)]
pub struct Buffer {
    path: PathBuf,
    /// The text being edited.
    pub text: String,
    /// What the disk held when the file was last read or saved.
    disk: String,
    encoding: Encoding,
    /// The disk's new text while it conflicts with unsaved edits.
    conflict: Option<String>,
}

impl Buffer {
    /// Reads `path` (UTF-8, with or without a byte order mark, else Latin-1).
    pub fn open(path: &Path) -> Result<Self, BufferError> {
        let (text, encoding) = read_text(path)?;
        Ok(Self {
            path: canonical(path),
            disk: text.clone(),
            text,
            encoding,
            conflict: None,
        })
    }

    /// The file's path (canonical where it exists).
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The file name, for a tab.
    pub fn name(&self) -> String {
        self.path.file_name().map_or_else(
            || self.path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        )
    }

    /// Whether the text differs from what the disk held when last read or saved.
    pub fn is_dirty(&self) -> bool {
        self.text != self.disk
    }

    /// The disk's text while it conflicts with unsaved edits.
    pub fn conflict(&self) -> Option<&str> {
        self.conflict.as_deref()
    }

    /// Writes the text atomically (`files::write_atomic`) in the encoding it was read with.
    pub fn save(&mut self) -> Result<(), BufferError> {
        let bytes = match self.encoding {
            Encoding::Utf8 => self.text.as_bytes().to_vec(),
            Encoding::Utf8Bom => [b"\xef\xbb\xbf".as_slice(), self.text.as_bytes()].concat(),
            Encoding::Latin1 => self
                .text
                .chars()
                .map(|c| u8::try_from(u32::from(c)).ok())
                .collect::<Option<Vec<u8>>>()
                .ok_or_else(|| BufferError::NotLatin1 {
                    path: self.path.display().to_string(),
                })?,
        };
        super::files::write_atomic(&self.path, &bytes).map_err(|source| BufferError::Io {
            path: self.path.display().to_string(),
            source,
        })?;
        self.disk = self.text.clone();
        self.conflict = None;
        Ok(())
    }

    /// Reads the file again and compares it with what was read or saved last; see
    /// [`DiskChange`]. A file that cannot be read (deleted, being replaced) changes nothing.
    pub fn check_disk(&mut self) -> DiskChange {
        let Ok((text, encoding)) = read_text(&self.path) else {
            return DiskChange::None;
        };
        if text == self.disk || self.conflict.as_deref() == Some(text.as_str()) {
            return DiskChange::None;
        }
        if text == self.text {
            // Saved elsewhere with exactly these edits.
            self.disk = text;
            return DiskChange::None;
        }
        self.encoding = encoding;
        if self.is_dirty() {
            self.conflict = Some(text);
            DiskChange::Conflict
        } else {
            self.text = text.clone();
            self.disk = text;
            DiskChange::Reloaded
        }
    }

    /// Resolves a conflict for the disk's text (the edits are dropped because the user said so).
    pub fn keep_disk(&mut self) {
        if let Some(text) = self.conflict.take() {
            self.text = text.clone();
            self.disk = text;
        }
    }

    /// Resolves a conflict for the edits: they stay unsaved, and the disk's text is what a
    /// later change is compared with.
    pub fn keep_mine(&mut self) {
        if let Some(text) = self.conflict.take() {
            self.disk = text;
        }
    }
}

/// `path` canonicalised when it exists, as given otherwise.
pub fn canonical(path: &Path) -> PathBuf {
    path.canonicalize().unwrap_or_else(|_| path.to_path_buf())
}

fn read_text(path: &Path) -> Result<(String, Encoding), BufferError> {
    let bytes = std::fs::read(path).map_err(|source| BufferError::Io {
        path: path.display().to_string(),
        source,
    })?;
    Ok(match bytes.strip_prefix(b"\xef\xbb\xbf") {
        Some(rest) => (analysis::fx::decode_source(rest), Encoding::Utf8Bom),
        None => match String::from_utf8(bytes) {
            Ok(text) => (text, Encoding::Utf8),
            Err(e) => (analysis::fx::decode_source(e.as_bytes()), Encoding::Latin1),
        },
    })
}

/// The file system with open buffers laid over it: the front end reads a buffer's text in place
/// of its file (matched by canonical path), and everything else from the disk as ReShade reads it.
#[derive(Clone, Debug, Default)]
pub struct OverlayLoader {
    texts: HashMap<PathBuf, String>,
}

impl OverlayLoader {
    /// The texts of `buffers` over the file system.
    pub fn new<'a>(buffers: impl IntoIterator<Item = &'a Buffer>) -> Self {
        Self {
            texts: buffers
                .into_iter()
                .map(|b| (b.path.clone(), b.text.clone()))
                .collect(),
        }
    }
}

impl FileLoader for OverlayLoader {
    fn read(&self, path: &Path) -> Result<String, std::io::Error> {
        if let Some(text) = self
            .texts
            .get(path)
            .or_else(|| path.canonicalize().ok().and_then(|p| self.texts.get(&p)))
        {
            return Ok(text.clone());
        }
        analysis::fx::FxFileLoader.read(path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unsaved_edits_meet_a_changed_file_as_a_conflict_and_keep_both() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("a.wfx");
        std::fs::write(&path, "one").expect("write");
        let mut buffer = Buffer::open(&path).expect("open");
        assert!(!buffer.is_dirty());

        // Unchanged edits: a change on disk reloads.
        std::fs::write(&path, "two").expect("write");
        assert_eq!(buffer.check_disk(), DiskChange::Reloaded);
        assert_eq!(buffer.text, "two");

        buffer.text.push_str(" mine");
        std::fs::write(&path, "three").expect("write");
        assert_eq!(buffer.check_disk(), DiskChange::Conflict);
        assert_eq!(buffer.text, "two mine");
        assert_eq!(buffer.conflict(), Some("three"));
        // Asked again, the same conflict is not news.
        assert_eq!(buffer.check_disk(), DiskChange::None);
        buffer.keep_mine();
        assert!(buffer.is_dirty());
        buffer.save().expect("save");
        assert_eq!(std::fs::read_to_string(&path).expect("read"), "two mine");
        assert!(!buffer.is_dirty());

        buffer.text.push('!');
        std::fs::write(&path, "four").expect("write");
        assert_eq!(buffer.check_disk(), DiskChange::Conflict);
        buffer.keep_disk();
        assert_eq!(buffer.text, "four");
        assert!(!buffer.is_dirty());
    }

    #[test]
    fn a_latin1_file_saves_back_as_latin1_and_refuses_what_it_cannot_hold() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("a.fx");
        std::fs::write(&path, b"// caf\xe9\n").expect("write");
        let mut buffer = Buffer::open(&path).expect("open");
        assert_eq!(buffer.text, "// caf\u{e9}\n");
        buffer.text.push_str("// x\n");
        buffer.save().expect("save");
        assert_eq!(std::fs::read(&path).expect("read"), b"// caf\xe9\n// x\n");
        buffer.text.push('\u{263a}');
        assert!(matches!(buffer.save(), Err(BufferError::NotLatin1 { .. })));
        assert_eq!(std::fs::read(&path).expect("read"), b"// caf\xe9\n// x\n");
    }

    #[test]
    fn the_overlay_serves_buffers_before_the_disk() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("a.wfx");
        std::fs::write(&path, "disk").expect("write");
        let mut buffer = Buffer::open(&path).expect("open");
        buffer.text = "edited".to_string();
        let other = dir.path().join("b.wfxh");
        std::fs::write(&other, "header").expect("write");
        let overlay = OverlayLoader::new([&buffer]);
        // Through a non-canonical spelling of the same path too.
        let spelled = dir.path().join(".").join("a.wfx");
        assert_eq!(overlay.read(&spelled).expect("read"), "edited");
        assert_eq!(overlay.read(&other).expect("read"), "header");
    }
}
