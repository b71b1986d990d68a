//! Where effects, their includes and their `source` images are looked for, as ReShade lays an
//! install out: `EffectSearchPaths` and `TextureSearchPaths` (ReShade.ini's `[GENERAL]` keys,
//! comma-separated, each folder searched alone or, written with a trailing `**`, with every
//! folder below it), the command line's `-I` and `--textures`, and by default a `Textures` folder
//! beside each `Shaders` folder, searched recursively (the layout of ReShade's installer and of
//! every effect collection: `Shaders/x.fx` beside `Textures/x.png`).
//!
//! Paths are read as ReShade writes them on Windows: backslashes separate folders, letter case
//! does not matter (a folder or file written in another case is found), and a relative path in
//! ReShade.ini starts at the folder of that file (ReShade starts it at its own DLL's folder,
//! which is where ReShade.ini lives).

use std::path::{Path, PathBuf};

/// One search path: a folder, and whether the folders below it are searched too.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SearchPath {
    pub dir: PathBuf,
    pub recursive: bool,
}

impl SearchPath {
    /// A folder and every folder below it (`-I`, and the default `Textures` folders).
    pub fn recursive(dir: impl Into<PathBuf>) -> Self {
        Self {
            dir: dir.into(),
            recursive: true,
        }
    }

    /// One entry as ReShade.ini or the command line writes it (`.\Shaders\**`, `Textures`,
    /// `D:/Effects/`), relative paths starting at `base`; `None` for an empty entry.
    pub fn parse(text: &str, base: &Path) -> Option<Self> {
        let text = text.trim().replace('\\', "/");
        let (text, recursive) = match text.strip_suffix("**") {
            Some(rest) => (rest.to_string(), true),
            None => (text, false),
        };
        let text = text.trim_end_matches('/');
        if text.is_empty() && !recursive {
            return None;
        }
        let written = if text.is_empty() { "." } else { text };
        let dir = base.join(written);
        Some(Self {
            dir: resolve_case(&dir),
            recursive,
        })
    }

    /// The folders this path searches: the folder, then (recursive) every folder below it,
    /// nearest first and sorted by name within a level. A folder that does not exist yields
    /// nothing.
    pub fn dirs(&self) -> Vec<PathBuf> {
        if !self.dir.is_dir() {
            return Vec::new();
        }
        if self.recursive {
            analysis::fx::collection_include_dirs(&self.dir)
        } else {
            vec![self.dir.clone()]
        }
    }
}

/// `path` with each component that does not exist as written replaced by the entry of its
/// folder that matches it ignoring case (Windows spellings of Linux folders); as written when
/// nothing matches.
pub fn resolve_case(path: &Path) -> PathBuf {
    if path.exists() {
        return path.to_path_buf();
    }
    analysis::fx::find_ignoring_case(path).unwrap_or_else(|| path.to_path_buf())
}

/// A comma-separated list as ReShade.ini writes one (`,,` is a comma inside an entry), each entry
/// read by [`SearchPath::parse`] against `base`.
pub fn parse_list(text: &str, base: &Path) -> Vec<SearchPath> {
    split_ini_list(text)
        .iter()
        .filter_map(|entry| SearchPath::parse(entry, base))
        .collect()
}

/// ReShade's INI list: entries separated by `,`, where `,,` stands for one comma in an entry.
fn split_ini_list(text: &str) -> Vec<String> {
    let mut entries = Vec::new();
    let mut entry = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            ',' if chars.peek() == Some(&',') => {
                chars.next();
                entry.push(',');
            }
            ',' => entries.push(std::mem::take(&mut entry)),
            c => entry.push(c),
        }
    }
    entries.push(entry);
    entries
}

/// The search paths a document's effects compile with.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchPaths {
    /// Where `#include` and a preset's effect names are looked for, after the including file's
    /// folder and before the built-in headers (`-I`, `EffectSearchPaths`).
    pub effects: Vec<SearchPath>,
    /// Where `source` images are looked for after the effect's folder (`--textures`,
    /// `TextureSearchPaths`); the defaults ([`Self::texture_dirs`]) follow them.
    pub textures: Vec<SearchPath>,
}

impl SearchPaths {
    /// `-I` folders (with their subfolders) and `--textures` folders (alone, or with their
    /// subfolders when written with a trailing `**`) as the command line gives them, relative
    /// to the current folder.
    pub fn from_args(include: &[PathBuf], textures: &[PathBuf]) -> Self {
        let here = Path::new("");
        Self {
            effects: include
                .iter()
                .filter_map(|dir| SearchPath::parse(&dir.to_string_lossy(), here))
                .map(|p| SearchPath::recursive(p.dir))
                .collect(),
            textures: textures
                .iter()
                .filter_map(|dir| SearchPath::parse(&dir.to_string_lossy(), here))
                .collect(),
        }
    }

    /// These paths followed by `other`'s, each path once.
    pub fn then(mut self, other: &SearchPaths) -> Self {
        for path in &other.effects {
            if !self.effects.contains(path) {
                self.effects.push(path.clone());
            }
        }
        for path in &other.textures {
            if !self.textures.contains(path) {
                self.textures.push(path.clone());
            }
        }
        self
    }

    /// Every folder the effect search paths search, in order.
    pub fn effect_dirs(&self) -> Vec<PathBuf> {
        let mut dirs: Vec<PathBuf> = Vec::new();
        for dir in self.effects.iter().flat_map(SearchPath::dirs) {
            if !dirs.contains(&dir) {
                dirs.push(dir);
            }
        }
        dirs
    }

    /// The folders searched for `effect`'s `source` images after its own folder: the texture
    /// search paths, then by default a `Textures` folder (any letter case) beside the `Shaders`
    /// folder the effect is in (at any depth) and beside each effect search path that is or
    /// lies in a `Shaders` folder, with their subfolders.
    pub fn texture_dirs(&self, effect: &Path) -> Vec<PathBuf> {
        // The default is the front end's own rule (`fx::textures_beside_shaders`), applied to the
        // effect's folder and to each effect search path.
        let defaults = std::iter::once(effect.parent().unwrap_or(Path::new("")))
            .chain(self.effects.iter().map(|p| p.dir.as_path()))
            .flat_map(analysis::fx::textures_beside_shaders);
        let mut dirs: Vec<PathBuf> = Vec::new();
        for dir in self
            .textures
            .iter()
            .flat_map(SearchPath::dirs)
            .chain(defaults)
        {
            if !dirs.contains(&dir) {
                dirs.push(dir);
            }
        }
        dirs
    }
}

/// What a `ReShade.ini` says about where effects and textures are and what every effect is
/// compiled with (`[GENERAL]` `EffectSearchPaths`, `TextureSearchPaths`,
/// `PreprocessorDefinitions`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReshadeIni {
    pub path: PathBuf,
    pub search_paths: SearchPaths,
    /// The global definitions, after the preset's own (a preset's definition of the same name
    /// wins, as in ReShade).
    pub definitions: Vec<(String, String)>,
}

impl ReshadeIni {
    /// The `ReShade.ini` (any letter case) in `dir`, read, if there is one. Its relative paths
    /// start at `dir`. A file that cannot be read counts as absent.
    pub fn beside(dir: &Path) -> Option<Self> {
        let path = resolve_case(&dir.join("ReShade.ini"));
        let text = analysis::FileLoader::read(&analysis::fx::FxFileLoader, &path).ok()?;
        Some(Self::parse(&path, &text))
    }

    /// Reads ReShade.ini's text; `path` locates it (relative paths start at its folder).
    pub fn parse(path: &Path, text: &str) -> Self {
        let base = path.parent().unwrap_or(Path::new(""));
        let ini = analysis::preset::Preset::parse(path, text).preset;
        let general = ini.section("GENERAL");
        let get = |key: &str| general.and_then(|s| s.get(key)).unwrap_or_default();
        Self {
            path: path.to_path_buf(),
            search_paths: SearchPaths {
                effects: parse_list(get("EffectSearchPaths"), base),
                textures: parse_list(get("TextureSearchPaths"), base),
            },
            definitions: analysis::preset::parse_definitions(get("PreprocessorDefinitions"))
                .into_iter()
                .filter(|(name, _)| !name.is_empty())
                .map(|(name, value)| {
                    let value = if value.is_empty() { "1".into() } else { value };
                    (name, value)
                })
                .collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_are_read_as_reshade_writes_them() {
        let base = Path::new("/games/x");
        assert_eq!(
            SearchPath::parse(r".\Shaders\**", base),
            Some(SearchPath {
                dir: base.join("./Shaders"),
                recursive: true
            })
        );
        assert_eq!(
            SearchPath::parse("Textures\\", base),
            Some(SearchPath {
                dir: base.join("Textures"),
                recursive: false
            })
        );
        assert_eq!(
            SearchPath::parse("/abs/**", base).map(|p| p.dir),
            Some(PathBuf::from("/abs"))
        );
        assert_eq!(SearchPath::parse("  ", base), None);
        assert_eq!(split_ini_list(r".\a,,b\**,c,,,d"), [r".\a,b\**", "c,", "d"]);
    }

    #[test]
    fn folders_written_in_another_case_are_found() {
        let dir = tempfile::tempdir().expect("temporary folder");
        std::fs::create_dir_all(dir.path().join("Shaders/Sub")).expect("folders");
        let path = SearchPath::parse(r"shaders\SUB", dir.path()).expect("an entry");
        assert_eq!(path.dir, dir.path().join("Shaders/Sub"));
        assert_eq!(path.dirs(), [dir.path().join("Shaders/Sub")]);
    }

    #[test]
    fn textures_beside_the_shaders_folder_are_searched_recursively() {
        let dir = tempfile::tempdir().expect("temporary folder");
        let root = dir.path();
        for folder in ["Pack/Shaders/dev", "Pack/textures/sub/deeper", "Extra/a"] {
            std::fs::create_dir_all(root.join(folder)).expect("folders");
        }
        let paths = SearchPaths {
            effects: Vec::new(),
            textures: vec![SearchPath {
                dir: root.join("Extra"),
                recursive: false,
            }],
        };
        // Given paths first, then the default: `textures` (any case) beside `Shaders`, with
        // every folder below it, for an effect in a subfolder of `Shaders` too.
        assert_eq!(
            paths.texture_dirs(&root.join("Pack/Shaders/dev/x.fx")),
            [
                root.join("Extra"),
                root.join("Pack/textures"),
                root.join("Pack/textures/sub"),
                root.join("Pack/textures/sub/deeper"),
            ]
        );
        // An effect outside any `Shaders` folder gets only the given paths.
        assert_eq!(
            paths.texture_dirs(&root.join("Extra/a/y.fx")),
            [root.join("Extra")]
        );
    }

    #[test]
    fn reshade_ini_gives_paths_and_definitions() {
        let base = Path::new("/games/x");
        let ini = ReshadeIni::parse(
            &base.join("ReShade.ini"),
            "[GENERAL]\r\nEffectSearchPaths=.\\reshade-shaders\\Shaders\\**,D:\\More\r\n\
             TextureSearchPaths=.\\reshade-shaders\\Textures\\**\r\n\
             PreprocessorDefinitions=RESHADE_DEPTH_INPUT_IS_REVERSED=0,FLAG\r\n\
             [INPUT]\r\nKeyReload=0,0,0,0\r\n",
        );
        assert_eq!(
            ini.search_paths.effects,
            [
                SearchPath::recursive(base.join("./reshade-shaders/Shaders")),
                SearchPath {
                    dir: base.join("D:/More"),
                    recursive: false
                },
            ]
        );
        assert_eq!(
            ini.search_paths.textures,
            [SearchPath::recursive(
                base.join("./reshade-shaders/Textures")
            )]
        );
        assert_eq!(
            ini.definitions,
            [
                (
                    "RESHADE_DEPTH_INPUT_IS_REVERSED".to_string(),
                    "0".to_string()
                ),
                ("FLAG".to_string(), "1".to_string()),
            ]
        );
    }
}
