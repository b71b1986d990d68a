//! Presets in ReShade's INI format: `Techniques=`, `TechniqueSorting=`,
//! `PreprocessorDefinitions=`, and one `[Effect.wfx]` section of `Uniform=value` lines per effect.
//! Unknown keys and sections are kept, so saving never loses data; saves are atomic.

use std::path::Path;

use crate::diagnostic::{Diagnostic, DiagnosticCode};
use crate::source::{SourceMap, Span};

/// `Name@File.wfx` as a preset writes a technique.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TechniqueRef {
    pub name: String,
    /// The effect's file name; absent in hand-written presets that give the name only.
    pub effect: Option<String>,
}

impl TechniqueRef {
    pub fn parse(text: &str) -> Self {
        match text.split_once('@') {
            Some((name, effect)) => Self {
                name: name.trim().to_string(),
                effect: Some(effect.trim().to_string()),
            },
            None => Self {
                name: text.trim().to_string(),
                effect: None,
            },
        }
    }

    /// Whether this names technique `name` of the effect whose file name is `effect_file`.
    pub fn matches(&self, name: &str, effect_file: &str) -> bool {
        self.name == name
            && self
                .effect
                .as_deref()
                .is_none_or(|e| e.eq_ignore_ascii_case(effect_file))
    }
}

impl std::fmt::Display for TechniqueRef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.effect {
            Some(e) => write!(f, "{}@{e}", self.name),
            None => f.write_str(&self.name),
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Section {
    /// Empty for the global section.
    pub name: String,
    pub entries: Vec<(String, String)>,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Preset {
    /// The global section first, then each `[name]` section in file order.
    pub sections: Vec<Section>,
}

/// A parsed preset with the diagnostics its text produced.
#[derive(Debug)]
pub struct PresetLoad {
    pub sources: SourceMap,
    pub preset: Preset,
    pub diagnostics: Vec<Diagnostic>,
}

impl Preset {
    /// Reads a preset from disk; a missing or unreadable file is one diagnostic.
    pub fn load(path: &Path) -> PresetLoad {
        match std::fs::read_to_string(path) {
            Ok(text) => Self::parse(path, &text),
            Err(error) => PresetLoad {
                sources: SourceMap::new(),
                preset: Preset::default(),
                diagnostics: vec![Diagnostic::error(
                    DiagnosticCode::IoError,
                    None,
                    format!("'{}' : cannot read preset: {error}", path.display()),
                )],
            },
        }
    }

    pub fn parse(path: &Path, text: &str) -> PresetLoad {
        let mut sources = SourceMap::new();
        let file = sources.add(path, text);
        let mut diagnostics = Vec::new();
        let mut preset = Preset {
            sections: vec![Section::default()],
        };
        let mut offset = 0;
        for raw in text.split_inclusive('\n') {
            let line_start = offset;
            offset += raw.len();
            let line = raw.trim_end_matches(['\n', '\r']);
            let trimmed = line.trim();
            let indent = line.len() - line.trim_start().len();
            if trimmed.is_empty() || trimmed.starts_with(';') || trimmed.starts_with('#') {
                continue;
            }
            let span = Span::new(
                file,
                line_start + indent,
                line_start + line.trim_end().len(),
            );
            if let Some(rest) = trimmed.strip_prefix('[') {
                match rest.strip_suffix(']') {
                    Some(name) => preset.sections.push(Section {
                        name: name.trim().to_string(),
                        entries: Vec::new(),
                    }),
                    None => diagnostics.push(Diagnostic::error(
                        DiagnosticCode::PresetError,
                        span,
                        format!("'{trimmed}' : section header lacks ']'"),
                    )),
                }
                continue;
            }
            let Some((key, value)) = trimmed.split_once('=') else {
                diagnostics.push(Diagnostic::error(
                    DiagnosticCode::PresetError,
                    span,
                    format!("'{trimmed}' : expected 'key=value'"),
                ));
                continue;
            };
            let section = preset
                .sections
                .last_mut()
                .expect("the global section is always present");
            section
                .entries
                .push((key.trim().to_string(), value.trim().to_string()));
        }
        PresetLoad {
            sources,
            preset,
            diagnostics,
        }
    }

    fn global(&self, key: &str) -> Option<&str> {
        self.sections
            .first()?
            .entries
            .iter()
            .rev()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    fn list(&self, key: &str) -> Vec<TechniqueRef> {
        self.global(key)
            .map(|v| {
                v.split(',')
                    .filter(|s| !s.trim().is_empty())
                    .map(TechniqueRef::parse)
                    .collect()
            })
            .unwrap_or_default()
    }

    /// The techniques this preset enables (`Techniques=`).
    pub fn techniques(&self) -> Vec<TechniqueRef> {
        self.list("Techniques")
    }

    /// The order of techniques (`TechniqueSorting=`).
    pub fn technique_sorting(&self) -> Vec<TechniqueRef> {
        self.list("TechniqueSorting")
    }

    /// Whether the preset has a `Techniques=` line at all, which is how ReShade tells a preset.
    pub fn has_technique_list(&self) -> bool {
        self.global("Techniques").is_some()
    }

    /// A uniform's value in the effect's section, as numbers (`a,b,c`).
    pub fn uniform_value(&self, effect_file: &str, uniform: &str) -> Option<Vec<f64>> {
        let section = self
            .sections
            .iter()
            .skip(1)
            .find(|s| s.name.eq_ignore_ascii_case(effect_file))?;
        let (_, value) = section.entries.iter().rev().find(|(k, _)| k == uniform)?;
        value
            .split(',')
            .map(|c| c.trim().parse::<f64>().ok())
            .collect()
    }

    fn set_global(&mut self, key: &str, value: String) {
        let global = &mut self.sections[0].entries;
        match global.iter_mut().find(|(k, _)| k == key) {
            Some(entry) => entry.1 = value,
            None => global.push((key.to_string(), value)),
        }
    }

    /// Sets `key=value` in the `[section]` section, creating it at the end if needed.
    pub fn set_value(&mut self, section: &str, key: &str, value: String) {
        let index = match self
            .sections
            .iter()
            .skip(1)
            .position(|s| s.name.eq_ignore_ascii_case(section))
        {
            Some(i) => i + 1,
            None => {
                self.sections.push(Section {
                    name: section.to_string(),
                    entries: Vec::new(),
                });
                self.sections.len() - 1
            }
        };
        let entries = &mut self.sections[index].entries;
        match entries.iter_mut().find(|(k, _)| k == key) {
            Some(entry) => entry.1 = value,
            None => entries.push((key.to_string(), value)),
        }
    }

    pub fn set_techniques(&mut self, list: &[TechniqueRef]) {
        self.set_global("Techniques", join_refs(list));
    }

    pub fn set_technique_sorting(&mut self, list: &[TechniqueRef]) {
        self.set_global("TechniqueSorting", join_refs(list));
    }

    /// The INI text.
    pub fn to_ini(&self) -> String {
        let mut out = String::new();
        for (i, section) in self.sections.iter().enumerate() {
            if i > 0 {
                out.push_str(&format!("\n[{}]\n", section.name));
            }
            for (k, v) in &section.entries {
                out.push_str(&format!("{k}={v}\n"));
            }
        }
        out
    }

    /// Writes the preset next to `path` under a temporary name, then renames it into place, so a
    /// crash never leaves a half-written preset.
    pub fn save_atomic(&self, path: &Path) -> std::io::Result<()> {
        write_atomic(path, self.to_ini().as_bytes())
    }
}

/// Writes `bytes` beside `path` under a temporary name, flushes them and renames them into place.
/// A crate-private copy of `app::session::files::write_atomic`: saving its own format is the
/// preset's job, and the front end must not depend on the session layer above it.
fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write as _;
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let mut file = tempfile::NamedTempFile::new_in(dir)?;
    file.write_all(bytes)?;
    file.as_file().sync_all()?;
    file.persist(path).map(drop).map_err(|e| e.error)
}

fn join_refs(list: &[TechniqueRef]) -> String {
    list.iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// One technique as the ordering sees it.
#[derive(Clone, Debug)]
pub struct OrderEntry<'a> {
    pub effect_index: usize,
    pub effect_file: &'a str,
    pub name: &'a str,
    /// `ui_label`, else the name.
    pub label: &'a str,
}

/// ReShade's technique order, as indices into `entries` (which come in load order: effect by
/// effect, declaration order within each).
///
/// Techniques named in `sorting` come first, in its order. The rest follow, grouped by effect so
/// that each effect keeps its declaration order, the groups sorted by the label of their first
/// technique. (ReShade's comparator compares labels across effects but declines to compare within
/// one, which is not a strict weak order; grouping is the consistent reading of it.)
pub fn order_techniques(entries: &[OrderEntry], sorting: &[TechniqueRef]) -> Vec<usize> {
    let position = |e: &OrderEntry| {
        sorting
            .iter()
            .position(|r| r.matches(e.name, e.effect_file))
    };
    let mut group_label: std::collections::HashMap<usize, &str> = std::collections::HashMap::new();
    for e in entries {
        if position(e).is_none() {
            group_label.entry(e.effect_index).or_insert(e.label);
        }
    }
    let mut order: Vec<usize> = (0..entries.len()).collect();
    order.sort_by(|&a, &b| {
        let (ea, eb) = (&entries[a], &entries[b]);
        match (position(ea), position(eb)) {
            (Some(pa), Some(pb)) => pa.cmp(&pb),
            (Some(_), None) => std::cmp::Ordering::Less,
            (None, Some(_)) => std::cmp::Ordering::Greater,
            (None, None) => {
                let la = group_label[&ea.effect_index].to_lowercase();
                let lb = group_label[&eb.effect_index].to_lowercase();
                la.cmp(&lb).then(ea.effect_index.cmp(&eb.effect_index))
            }
        }
    });
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "PreprocessorDefinitions=A=1\nTechniques=Vignette@Vignette.wfx,Blur@Blur.wfx\n\
        TechniqueSorting=Vignette@Vignette.wfx,Blur@Blur.wfx\nUnknownKey=kept\n\n[Vignette.wfx]\nStrength=0.750000\nColor=1,0.5,0\n";

    #[test]
    fn reads_lists_and_values() {
        let load = Preset::parse(Path::new("p.ini"), TEXT);
        assert!(load.diagnostics.is_empty());
        let p = load.preset;
        assert_eq!(
            p.techniques(),
            vec![
                TechniqueRef::parse("Vignette@Vignette.wfx"),
                TechniqueRef::parse("Blur@Blur.wfx")
            ]
        );
        assert_eq!(
            p.uniform_value("vignette.wfx", "Strength"),
            Some(vec![0.75])
        );
        assert_eq!(
            p.uniform_value("Vignette.wfx", "Color"),
            Some(vec![1.0, 0.5, 0.0])
        );
        assert!(p.has_technique_list());
    }

    #[test]
    fn round_trips_unknown_keys() {
        let p = Preset::parse(Path::new("p.ini"), TEXT).preset;
        let again = Preset::parse(Path::new("p.ini"), &p.to_ini()).preset;
        assert_eq!(p, again);
        assert!(p.to_ini().contains("UnknownKey=kept"));
    }

    #[test]
    fn bad_lines_are_located() {
        let load = Preset::parse(
            Path::new("p.ini"),
            "Techniques=A\n  garbage line\n[Broken\n",
        );
        let rendered: Vec<_> = load
            .diagnostics
            .iter()
            .map(|d| d.render_short(&load.sources))
            .collect();
        assert_eq!(
            rendered,
            vec![
                "p.ini:2:3: error[PresetError]: 'garbage line' : expected 'key=value'",
                "p.ini:3:1: error[PresetError]: '[Broken' : section header lacks ']'",
            ]
        );
    }

    #[test]
    fn save_is_atomic_and_readable() {
        let dir = std::env::temp_dir().join(format!("fxbench-preset-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("out.ini");
        let mut p = Preset::parse(Path::new("p.ini"), TEXT).preset;
        p.set_techniques(&[TechniqueRef::parse("Blur@Blur.wfx")]);
        p.save_atomic(&path).unwrap();
        let back = Preset::load(&path).preset;
        assert_eq!(
            back.techniques(),
            vec![TechniqueRef::parse("Blur@Blur.wfx")]
        );
        let leftovers: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
        assert_eq!(leftovers.len(), 1, "no temporary file is left behind");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn ordering_follows_reshade() {
        let e = |effect_index, effect_file, name| OrderEntry {
            effect_index,
            effect_file,
            name,
            label: name,
        };
        // Load order: effect 0 (Zeta.wfx) declares Z2 then Z1; effect 1 (Alpha.wfx) declares A;
        // effect 2 (Mid.wfx) declares M.
        let entries = [
            e(0, "Zeta.wfx", "Z2"),
            e(0, "Zeta.wfx", "Z1"),
            e(1, "Alpha.wfx", "A"),
            e(2, "Mid.wfx", "M"),
        ];
        // No sorting: groups by label of their first technique, declaration order inside.
        assert_eq!(order_techniques(&entries, &[]), vec![2, 3, 0, 1]);
        // Sorting lists M then Z1: those first, the rest after.
        let sorting = [
            TechniqueRef::parse("M@Mid.wfx"),
            TechniqueRef::parse("Z1@Zeta.wfx"),
        ];
        assert_eq!(order_techniques(&entries, &sorting), vec![3, 1, 2, 0]);
    }
}
