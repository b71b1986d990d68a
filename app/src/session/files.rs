//! The product's files: where the installed data (`assets/`, `presets/`) lives, and how every
//! file fxbench writes reaches the disk (atomically).

use std::path::{Path, PathBuf};

/// The folder holding fxbench's data (`assets/`, `presets/`), found at run time:
/// see [`analysis::data::data_dir`].
pub fn data_dir() -> PathBuf {
    analysis::data::data_dir()
}

/// The folder of built-in effects (the repository's `assets/`); also the include folder every
/// effect is compiled with, so `#include "shaders/fxbench.wfxh"` works from anywhere.
pub fn builtin_assets_dir() -> PathBuf {
    data_dir().join("assets")
}

/// The folders `#include` searches after the including file's: each effect search path (with
/// its subfolders when it is recursive, as ReShade searches them), then the built-in assets.
pub fn include_dirs(search_paths: &super::search::SearchPaths) -> Vec<PathBuf> {
    let mut dirs = search_paths.effect_dirs();
    dirs.push(builtin_assets_dir());
    dirs
}

/// The folder of built-in presets (the repository's `presets/`).
pub fn builtin_presets_dir() -> PathBuf {
    data_dir().join("presets")
}

/// The preset the workbench opens with no arguments over a still image.
pub fn default_preset_path() -> PathBuf {
    builtin_presets_dir().join("demo.ini")
}

/// Writes `bytes` to a temporary file beside `path`, flushes it to disk and renames it over
/// `path`, so a crash or a full disk never leaves a half-written file; on failure the old file is
/// untouched and the temporary file is removed.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write as _;
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let mut builder = tempfile::Builder::new();
    // A new file gets the mode any editor's would, 0666 less the umask (0644 under the usual
    // 022), not the temporary file's private 0600.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let mut file = builder.tempfile_in(dir)?;
    file.write_all(bytes)?;
    // The file it replaces keeps its own permissions.
    if let Ok(existing) = std::fs::metadata(path) {
        file.as_file().set_permissions(existing.permissions())?;
    }
    file.as_file().sync_all()?;
    file.persist(path).map(drop).map_err(|e| e.error)
}

#[cfg(test)]
mod tests {
    use analysis::preset::{Preset, TechniqueRef};

    #[test]
    fn a_saved_preset_reads_back_and_leaves_no_temporary_file() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("out.ini");
        let mut preset = Preset::parse(&path, "Techniques=A@A.fx\n[A.fx]\nX=1\n").preset;
        preset.set_techniques(&[TechniqueRef::parse("Blur@Blur.wfx")]);
        super::write_atomic(&path, preset.to_ini().as_bytes()).expect("saved");
        let back = Preset::load(&path).preset;
        assert_eq!(
            back.techniques(),
            vec![TechniqueRef::parse("Blur@Blur.wfx")]
        );
        assert_eq!(back.uniform_value("A.fx", "X"), Some(vec![1.0]));
        let entries = std::fs::read_dir(dir.path()).expect("dir").count();
        assert_eq!(entries, 1, "no temporary file is left behind");
    }

    #[cfg(unix)]
    #[test]
    fn a_new_file_follows_the_umask() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("new.ini");
        let umask = umask();
        super::write_atomic(&path, b"[A.fx]\n").expect("saved");
        let mode = std::fs::metadata(&path)
            .expect("written")
            .permissions()
            .mode()
            & 0o777;
        assert_eq!(mode, 0o666 & !umask, "mode {mode:o} under umask {umask:o}");
    }

    /// The umask, from a file created with mode 0666 in a fresh folder.
    fn umask() -> u32 {
        use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
        let dir = tempfile::tempdir().expect("temp dir");
        let probe = dir.path().join("probe");
        std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .mode(0o666)
            .open(&probe)
            .expect("probe");
        let mode = std::fs::metadata(&probe)
            .expect("probe")
            .permissions()
            .mode()
            & 0o777;
        0o666 & !mode
    }

    #[cfg(unix)]
    #[test]
    fn a_replaced_file_keeps_its_permissions() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("preset.ini");
        std::fs::write(&path, "old").expect("write");
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).expect("chmod");
        super::write_atomic(&path, b"new").expect("saved");
        assert_eq!(std::fs::read_to_string(&path).expect("read"), "new");
        let mode = std::fs::metadata(&path)
            .expect("metadata")
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o644);
    }
}
