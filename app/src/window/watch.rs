//! Watches the open effects and every file they include, and reports when one changes so the
//! window reloads them (editors often save by writing a new file and renaming it over the old
//! one, so the folders are watched and events filtered by path).

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use notify::Watcher as _;

pub struct FileWatcher {
    _watcher: notify::RecommendedWatcher,
    changed: Arc<AtomicBool>,
}

impl FileWatcher {
    /// Starts watching `files`; paths that do not exist are skipped.
    pub fn new(files: impl IntoIterator<Item = PathBuf>) -> notify::Result<Self> {
        let files: HashSet<PathBuf> = files
            .into_iter()
            .filter_map(|p| p.canonicalize().ok())
            .collect();
        let folders: HashSet<PathBuf> = files
            .iter()
            .filter_map(|p| p.parent().map(Path::to_path_buf))
            .collect();
        let changed = Arc::new(AtomicBool::new(false));
        let flag = changed.clone();
        let mut watcher =
            notify::recommended_watcher(move |event: notify::Result<notify::Event>| {
                let Ok(event) = event else {
                    return;
                };
                let relevant = matches!(
                    event.kind,
                    notify::EventKind::Modify(_)
                        | notify::EventKind::Create(_)
                        | notify::EventKind::Remove(_)
                );
                // A file created beside the watched ones may be an include that was missing.
                let created_source = matches!(event.kind, notify::EventKind::Create(_))
                    && event.paths.iter().any(|p| is_source(p));
                if relevant && (created_source || event.paths.iter().any(|p| files.contains(p))) {
                    flag.store(true, Ordering::Release);
                }
            })?;
        for folder in folders {
            watcher.watch(&folder, notify::RecursiveMode::NonRecursive)?;
        }
        Ok(Self {
            _watcher: watcher,
            changed,
        })
    }

    /// Whether a watched file changed since the last call.
    pub fn take_change(&self) -> bool {
        self.changed.swap(false, Ordering::AcqRel)
    }
}

/// Whether `path` is an effect, a header or a preset (what a compile may read).
fn is_source(path: &Path) -> bool {
    path.extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase())
        .is_some_and(|e| matches!(e.as_str(), "fx" | "fxh" | "wfx" | "wfxh" | "wgsl" | "ini"))
}
