//! ReShade's own SPIR-V for an open effect (issue #24): where the window finds it, and the
//! module read into the engine's [`engine::Shaders::Reference`].
//!
//! A reference for `X.fx` is `X.spv` beside it, else in a reference folder (`--reference DIR`,
//! or the File menu's setting) either flat (`DIR/X.spv`) or mirroring the effect's last folders
//! as `shared/corpus/reshade-spirv/` mirrors `reshadefx/` (`DIR/collection/shaders/X.spv` for
//! `.../collection/shaders/X.fx`).

use std::path::{Path, PathBuf};

/// How many of the effect's own folders a reference folder may mirror (`collection/shaders`).
const MIRRORED_FOLDERS: usize = 2;

/// Why a reference module could not be read.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ReferenceFileError {
    #[error("cannot read {}: {source}", path.display())]
    Read {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("{} is not SPIR-V: {source}", path.display())]
    NotSpirv {
        path: PathBuf,
        #[source]
        source: optimizer::Error,
    },
    #[error(transparent)]
    Module(#[from] engine::reference::ReferenceError),
}

/// The reference module for `effect`: beside it first, then in each of `folders` in order,
/// flat and then mirroring the effect's last folders, deepest first.
pub fn find(effect: &Path, folders: &[PathBuf]) -> Option<PathBuf> {
    let beside = effect.with_extension("spv");
    if beside.is_file() {
        return Some(beside);
    }
    let file = beside.file_name()?.to_owned();
    let parents: Vec<&std::ffi::OsStr> = effect
        .parent()
        .into_iter()
        .flat_map(Path::components)
        .filter_map(|c| match c {
            std::path::Component::Normal(name) => Some(name),
            _ => None,
        })
        .collect();
    for folder in folders {
        for depth in (0..=MIRRORED_FOLDERS.min(parents.len())).rev() {
            let mut candidate = folder.clone();
            candidate.extend(&parents[parents.len() - depth..]);
            candidate.push(&file);
            if candidate.is_file() {
                return Some(candidate);
            }
        }
    }
    None
}

/// The module at `path` as the shaders of a chain; a module that does not fit the effect is
/// found out when the chain is built ([`engine::ChainError::Reference`]).
pub fn load(path: &Path) -> Result<engine::Shaders, ReferenceFileError> {
    let bytes = std::fs::read(path).map_err(|source| ReferenceFileError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    let words =
        optimizer::words_from_bytes(&bytes).map_err(|source| ReferenceFileError::NotSpirv {
            path: path.to_path_buf(),
            source,
        })?;
    let module = engine::reference::ReferenceModule::new(&words, &path.display().to_string())?;
    Ok(engine::Shaders::reference(module))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn touch(path: &Path) {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, [0u8; 4]).unwrap();
    }

    #[test]
    fn a_reference_is_found_beside_flat_or_mirrored_in_that_order() {
        let root = std::env::temp_dir().join(format!("fxbench-reference-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        let effect = root.join("fx/Pack/shaders/Blur.fx");
        touch(&effect);
        let flat = root.join("flat");
        let mirrored = root.join("mirrored");
        touch(&mirrored.join("Pack/shaders/Blur.spv"));
        touch(&mirrored.join("shaders/Blur.spv"));
        let folders = [flat.clone(), mirrored.clone()];
        // Deepest mirror first.
        assert_eq!(
            find(&effect, &folders),
            Some(mirrored.join("Pack/shaders/Blur.spv"))
        );
        touch(&flat.join("Blur.spv"));
        assert_eq!(find(&effect, &folders), Some(flat.join("Blur.spv")));
        touch(&effect.with_extension("spv"));
        assert_eq!(find(&effect, &folders), Some(effect.with_extension("spv")));
        assert_eq!(find(&root.join("fx/Other.fx"), &folders), None);
        std::fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn a_file_that_is_not_spirv_is_refused_with_its_path() {
        let path =
            std::env::temp_dir().join(format!("fxbench-not-spirv-{}.spv", std::process::id()));
        std::fs::write(&path, b"abc").unwrap();
        let error = load(&path).expect_err("three bytes are no module");
        assert!(
            matches!(error, ReferenceFileError::NotSpirv { .. }),
            "{error}"
        );
        assert!(error.to_string().contains("is not SPIR-V"), "{error}");
        std::fs::remove_file(&path).unwrap();
    }
}
