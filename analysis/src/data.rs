//! Where fxbench's installed data lives (`assets/` with the standard headers, `presets/`).
//!
//! Found at run time, never only from the path the crate was compiled at: a binary built in one
//! checkout and run from another (a shared `CARGO_TARGET_DIR`, an installed copy) must read the
//! data beside it, not a folder that may no longer exist.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The file whose presence marks a data folder.
const MARKER: &str = "assets/shaders/fxbench.wfxh";

/// The folder holding fxbench's data: `FXBENCH_DATA` if set; else the nearest folder above the
/// running executable that has the data (a binary inside a checkout, or installed next to a copy
/// of the data); else the nearest such folder above the current directory (`cargo run`/`cargo
/// test` with the target folder elsewhere); else the source checkout this crate was built from.
/// Found once per process (the executable, the folder it started in and the environment do not
/// change); the CLI asks for it several times while setting up a check.
pub fn data_dir() -> PathBuf {
    static DATA_DIR: OnceLock<PathBuf> = OnceLock::new();
    DATA_DIR.get_or_init(find_data_dir).clone()
}

fn find_data_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("FXBENCH_DATA") {
        return PathBuf::from(dir);
    }
    let has_data = |dir: &Path| dir.join(MARKER).is_file();
    let exe = std::env::current_exe().ok();
    let cwd = std::env::current_dir().ok();
    let above_exe = exe.iter().flat_map(|exe| exe.ancestors().skip(1));
    let above_cwd = cwd.iter().flat_map(|cwd| cwd.ancestors());
    if let Some(dir) = above_exe.chain(above_cwd).find(|d| has_data(d)) {
        return dir.to_path_buf();
    }
    // This crate lives one folder below the workspace root, beside `assets/`.
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap_or(Path::new("."))
        .to_path_buf()
}

/// fxbench's own ReShade headers (`ReShade.fxh`, `ReShadeUI.fxh`, `Blending.fxh`,
/// `DrawText.fxh`, `Macros.fxh`, `TriDither.fxh`) and the images they name (`FontAtlas.png`).
pub fn builtin_reshade_dir() -> PathBuf {
    data_dir().join("assets/reshade")
}
