//! Reading ReShade FX files as ReShade does: bytes that are not UTF-8 are Latin-1, a byte order
//! mark is dropped, and a name whose case differs from the file's, or that separates folders
//! with backslashes, still finds it (ReShade runs on Windows, where effects are written so).
//! Include folders are searched recursively.

use std::io;
use std::path::{Path, PathBuf};

use crate::preprocess::{FileLoader, read_bounded_file};

/// The file system, read the way ReShade reads effects.
#[derive(Clone, Copy, Debug, Default)]
pub struct FxFileLoader;

impl FileLoader for FxFileLoader {
    fn read(&self, path: &Path) -> io::Result<String> {
        // NUL bytes and all: ReShade's lexer ends the text at one (the preprocessor warns).
        let bytes = match read_bounded_file(path) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                let windows = windows_spelling(path);
                let wanted = windows.as_deref().unwrap_or(path);
                match find_ignoring_case(wanted) {
                    Some(found) => read_bounded_file(&found)?,
                    None => return Err(e),
                }
            }
            Err(e) => return Err(e),
        };
        Ok(decode_source(&bytes))
    }
}

/// `path` with its backslashes read as folder separators, as Windows reads them
/// (`#include ".\Includes\x.fxh"`), when it has any.
fn windows_spelling(path: &Path) -> Option<PathBuf> {
    let text = path.to_str()?;
    text.contains('\\')
        .then(|| Path::new(&text.replace('\\', "/")).components().collect())
}

/// Text of a source file: UTF-8 without its byte order mark, or else Latin-1 (every byte one
/// character), so that no file is unreadable for its encoding.
pub fn decode_source(bytes: &[u8]) -> String {
    let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    match std::str::from_utf8(bytes) {
        Ok(text) => text.to_string(),
        Err(_) => bytes.iter().map(|&b| char::from(b)).collect(),
    }
}

/// The existing path that equals `path` when letter case is ignored, component by component.
pub fn find_ignoring_case(path: &Path) -> Option<PathBuf> {
    // Mostly the folder is written right and only the name's case differs (an `#include` searched
    // in every include folder): then one check of the folder replaces one per component.
    if let (Some(parent), Some(name)) = (path.parent(), path.file_name())
        && !parent.as_os_str().is_empty()
        && parent.is_dir()
    {
        let found: PathBuf = parent.components().collect();
        return match found.join(name) {
            exact if exact.exists() => Some(exact),
            _ => entry_ignoring_case(&found, name.to_str()?).map(|entry| found.join(entry)),
        };
    }
    let mut found = PathBuf::new();
    for component in path.components() {
        let next = found.join(component);
        if next.exists() {
            found = next;
            continue;
        }
        let wanted = component.as_os_str().to_str()?;
        let dir = if found.as_os_str().is_empty() {
            Path::new(".")
        } else {
            &found
        };
        let entry = entry_ignoring_case(dir, wanted)?;
        found = found.join(entry);
    }
    Some(found)
}

/// The first entry of `dir` named `wanted` when letter case is ignored.
fn entry_ignoring_case(dir: &Path, wanted: &str) -> Option<std::ffi::OsString> {
    std::fs::read_dir(dir)
        .ok()?
        .filter_map(Result::ok)
        .map(|e| e.file_name())
        .find(|n| n.to_str().is_some_and(|n| n.eq_ignore_ascii_case(wanted)))
}

/// `shaders` and every folder below it, sorted by path: ReShade searches an effect collection's
/// `Shaders` folder recursively for includes.
pub fn collection_include_dirs(shaders: &Path) -> Vec<PathBuf> {
    let mut dirs = vec![shaders.to_path_buf()];
    let mut i = 0;
    while i < dirs.len() {
        let mut children: Vec<PathBuf> = std::fs::read_dir(&dirs[i])
            .map(|entries| {
                // The kind as the folder listing gives it (no `stat` per entry: a Shaders
                // folder holds hundreds of files); a link is followed to see what it names.
                entries
                    .filter_map(Result::ok)
                    .filter(|e| {
                        e.file_type()
                            .is_ok_and(|t| t.is_dir() || (t.is_symlink() && e.path().is_dir()))
                    })
                    .map(|e| e.path())
                    .collect()
            })
            .unwrap_or_default();
        children.sort();
        dirs.extend(children);
        i += 1;
    }
    dirs
}

/// ReShade's default place for a collection's images: the `Textures` folder (any letter case)
/// beside the nearest folder named `Shaders` (any letter case) at or above `dir`, with every
/// folder below it (`reshade-shaders/Shaders/dev/x.fx` finds `reshade-shaders/Textures/**`).
/// Empty when there is none.
pub fn textures_beside_shaders(dir: &Path) -> Vec<PathBuf> {
    let absolute = std::path::absolute(dir).unwrap_or_else(|_| dir.to_path_buf());
    let Some(shaders) = absolute.ancestors().find(|d| {
        d.file_name()
            .is_some_and(|n| n.to_string_lossy().eq_ignore_ascii_case("shaders"))
    }) else {
        return Vec::new();
    };
    let Some(parent) = shaders.parent() else {
        return Vec::new();
    };
    let textures = parent.join("Textures");
    let found = if textures.is_dir() {
        Some(textures)
    } else {
        find_ignoring_case(&textures).filter(|p| p.is_dir())
    };
    found.map_or_else(Vec::new, |t| collection_include_dirs(&t))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_that_are_not_utf8_are_latin1_and_the_bom_goes() {
        assert_eq!(decode_source(b"\xef\xbb\xbfint a;"), "int a;");
        assert_eq!(decode_source(b"// caf\xe9\nint a;"), "// caf\u{e9}\nint a;");
        assert_eq!(decode_source("é".as_bytes()), "é");
    }

    #[test]
    fn a_windows_spelling_finds_the_file() {
        let dir = tempfile::tempdir().expect("temporary folder");
        let includes = dir.path().join("Includes");
        std::fs::create_dir(&includes).expect("create folder");
        std::fs::write(includes.join("Common.fxh"), b"// common").expect("write file");
        let text = FxFileLoader.read(&dir.path().join(".\\includes\\COMMON.fxh"));
        assert_eq!(text.ok().as_deref(), Some("// common"));
        let missing = FxFileLoader.read(&dir.path().join(".\\Includes\\Other.fxh"));
        assert_eq!(
            missing.err().map(|e| e.kind()),
            Some(io::ErrorKind::NotFound)
        );
    }

    #[test]
    fn a_name_in_another_case_finds_the_file() {
        let dir = tempfile::tempdir().expect("temporary folder");
        let sub = dir.path().join("Sub");
        std::fs::create_dir(&sub).expect("create folder");
        std::fs::write(sub.join("Header.FXH"), b"#define X 1\n").expect("write file");
        let text = FxFileLoader.read(&dir.path().join("sub/header.fxh"));
        assert_eq!(text.ok().as_deref(), Some("#define X 1\n"));
        assert!(
            FxFileLoader
                .read(&dir.path().join("sub/other.fxh"))
                .is_err()
        );
        assert_eq!(
            collection_include_dirs(dir.path()),
            [dir.path().to_path_buf(), sub]
        );
    }
}
