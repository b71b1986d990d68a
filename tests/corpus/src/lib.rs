//! Locates the shared test corpus (real SPIR-V modules and ReShade FX effects) for tests,
//! benchmarks and examples.
//!
//! The corpus lives beside the repository (`../shared/corpus`), not in it: a fresh clone has none.
//! Tests that read it call [`dir`], which yields `None` after printing one line when it is absent,
//! so `cargo test --workspace` passes on any clone; `FXBENCH_REQUIRE_CORPUS=1` (set by `.ci/run`)
//! turns that skip into a failure, like `FXBENCH_REQUIRE_GPU` and `FXBENCH_REQUIRE_SPIRV_VAL`.

use std::path::{Path, PathBuf};

/// Where the corpus is, when it is not `../shared/corpus` beside the workspace.
pub const LOCATION_VAR: &str = "FXBENCH_CORPUS";
/// Set to `1` to make a missing corpus fail instead of skip.
pub const REQUIRE_VAR: &str = "FXBENCH_REQUIRE_CORPUS";

/// The corpus root: `$FXBENCH_CORPUS` if set, else `../shared/corpus` from the workspace root.
/// The path may not exist.
pub fn location() -> PathBuf {
    match std::env::var_os(LOCATION_VAR) {
        Some(path) if !path.is_empty() => PathBuf::from(path),
        _ => workspace_root().join("../shared/corpus"),
    }
}

/// Whether `FXBENCH_REQUIRE_CORPUS=1` is set.
pub fn required() -> bool {
    std::env::var(REQUIRE_VAR).is_ok_and(|v| v == "1")
}

/// The corpus folder `subdir` (`"spirv"`, `"reshadefx"`, ...) if it exists. Otherwise prints one
/// line naming `what` is skipped and returns `None`, or panics when the corpus is required.
pub fn dir(subdir: &str, what: &str) -> Option<PathBuf> {
    let path = location().join(subdir);
    if path.is_dir() {
        return Some(path);
    }
    let message = format!(
        "corpus folder {} not found (set {LOCATION_VAR} to its location)",
        path.display()
    );
    if required() {
        panic!("{message}, and {REQUIRE_VAR}=1");
    }
    println!("skipping {what}: {message}");
    None
}

/// Every file directly in `folder` whose name ends in `.{extension}`, sorted.
pub fn files(folder: &Path, extension: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(folder)
        .unwrap_or_else(|e| panic!("corpus folder {} unreadable: {e}", folder.display()))
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == extension))
        .collect();
    files.sort();
    files
}

/// Every file below `folder`, in it and in its subfolders at any depth, whose name ends in
/// `.{extension}`, sorted by path (ReShade searches effect folders recursively). Unreadable
/// folders are skipped; a missing `folder` yields none.
pub fn files_below(folder: &Path, extension: &str) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut stack = vec![folder.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for path in entries.filter_map(|entry| entry.ok().map(|e| e.path())) {
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == extension) {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// The workspace root: the nearest folder above the package being tested (cargo sets
/// `CARGO_MANIFEST_DIR` when it runs a test, bench or example) whose `Cargo.toml` declares the
/// workspace. Asked at run time, because a build cache shared by two checkouts may hold this
/// crate compiled in the other one; the compile-time path is the fallback.
fn workspace_root() -> PathBuf {
    let is_root = |dir: &Path| {
        std::fs::read_to_string(dir.join("Cargo.toml")).is_ok_and(|t| t.contains("[workspace]"))
    };
    std::env::var_os("CARGO_MANIFEST_DIR")
        .map(PathBuf::from)
        .and_then(|package| {
            package
                .ancestors()
                .find(|d| is_root(d))
                .map(Path::to_path_buf)
        })
        // This crate sits at `tests/corpus` inside the workspace.
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../.."))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_location_is_beside_the_workspace() {
        if std::env::var_os(LOCATION_VAR).is_some() {
            return;
        }
        let root = workspace_root();
        assert!(root.join("Cargo.toml").is_file());
        assert!(root.join("tests/corpus/Cargo.toml").is_file());
        assert_eq!(location(), root.join("../shared/corpus"));
    }

    #[test]
    fn files_below_walks_every_depth_sorted() {
        let root = std::env::temp_dir().join(format!("fxbench-corpus-walk-{}", std::process::id()));
        for dir in ["a/b", "c"] {
            std::fs::create_dir_all(root.join(dir)).unwrap();
        }
        for file in [
            "z.fx",
            "a/b/deep.fx",
            "a/b/header.fxh",
            "c/m.fx",
            "c/notes.txt",
        ] {
            std::fs::write(root.join(file), "").unwrap();
        }
        let found = files_below(&root, "fx");
        std::fs::remove_dir_all(&root).unwrap();
        let names: Vec<_> = found
            .iter()
            .map(|p| {
                p.strip_prefix(&root)
                    .unwrap()
                    .to_string_lossy()
                    .replace('\\', "/")
            })
            .collect();
        assert_eq!(names, ["a/b/deep.fx", "c/m.fx", "z.fx"]);
        assert!(files_below(&root, "fx").is_empty());
    }

    #[test]
    fn a_missing_folder_is_skipped_unless_required() {
        if required() {
            return;
        }
        assert_eq!(dir("no-such-corpus-folder", "this test"), None);
    }
}
