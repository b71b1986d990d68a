//! Presets in ReShade's INI format: `Techniques=`, `TechniqueSorting=`,
//! `PreprocessorDefinitions=`, and one `[Effect.wfx]` section of `Uniform=value` lines per effect.
//! Unknown keys and sections are kept, so saving never loses data. Writing the text to disk is the
//! session layer's job (`app::session::files::write_atomic`): this crate reads no files it does
//! not analyse and writes none.

use std::path::Path;

use rustc_hash::FxHashSet as HashSet;

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

/// One section of a preset: the global one (before any `[...]` header) or `[name]`. Every line
/// is kept as it was read, so a save changes only the lines whose values changed.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Section {
    /// Empty for the global section.
    pub name: String,
    /// The header line as written (`[Name]`); `None` for the global section and new sections.
    header: Option<String>,
    lines: Vec<Line>,
}

/// A line of a section.
#[derive(Clone, Debug, PartialEq)]
enum Line {
    /// `key=value`; `raw` is the line as read, dropped when the value changes.
    Entry {
        key: String,
        value: String,
        raw: Option<String>,
    },
    /// A blank line, a comment, or a line that could not be read: written back as it was.
    Other(String),
}

impl Line {
    fn is_blank(&self) -> bool {
        matches!(self, Line::Other(text) if text.trim().is_empty())
    }
}

impl Section {
    /// The section's `key=value` entries in file order.
    pub fn entries(&self) -> impl Iterator<Item = (&str, &str)> {
        self.lines.iter().filter_map(|line| match line {
            Line::Entry { key, value, .. } => Some((key.as_str(), value.as_str())),
            Line::Other(_) => None,
        })
    }

    /// The value of `key`; the last one wins when a key repeats, as in ReShade.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.entries()
            .filter(|(k, _)| *k == key)
            .last()
            .map(|(_, v)| v)
    }

    /// Sets `key=value`: the last line with that key is rewritten (only when the value changes,
    /// so an unchanged save is byte-stable); a new key goes after the section's last non-blank
    /// line, so blank lines that separate it from the next section stay after it.
    fn set(&mut self, key: &str, value: String) {
        let existing = self.lines.iter_mut().rev().find_map(|line| match line {
            Line::Entry {
                key: k, value, raw, ..
            } if k == key => Some((value, raw)),
            _ => None,
        });
        match existing {
            Some((current, _)) if *current == value => {}
            Some((current, raw)) => {
                *current = value;
                *raw = None;
            }
            None => {
                let at = self
                    .lines
                    .iter()
                    .rposition(|l| !l.is_blank())
                    .map_or(0, |i| i + 1);
                self.lines.insert(
                    at,
                    Line::Entry {
                        key: key.to_string(),
                        value,
                        raw: None,
                    },
                );
            }
        }
    }
}

/// A preset as read: every section and line in file order, so that saving keeps comments, keys
/// fxbench does not use and the file's layout (ReShade's own files round-trip byte for byte).
#[derive(Clone, Debug, PartialEq)]
pub struct Preset {
    /// The global section first, then each `[name]` section in file order.
    pub sections: Vec<Section>,
    /// `\r\n` when the file used it, else `\n`.
    newline: &'static str,
    /// Whether the text ended with a line break (a new file does).
    final_newline: bool,
}

impl Default for Preset {
    fn default() -> Self {
        Self {
            sections: vec![Section::default()],
            newline: "\n",
            final_newline: true,
        }
    }
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
        match crate::read_source_bytes(path) {
            // ReShade writes UTF-8; a file in another encoding keeps its other bytes as U+FFFD.
            Ok(bytes) => Self::parse(path, &String::from_utf8_lossy(&bytes)),
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
            newline: if text.contains("\r\n") { "\r\n" } else { "\n" },
            final_newline: text.is_empty() || text.ends_with('\n'),
            ..Preset::default()
        };
        let mut offset = 0;
        for raw in text.split_inclusive('\n') {
            let line_start = offset;
            offset += raw.len();
            let line = raw.trim_end_matches(['\n', '\r']);
            let trimmed = line.trim();
            let indent = line.len() - line.trim_start().len();
            let section = preset
                .sections
                .last_mut()
                .expect("the global section is always present");
            if trimmed.is_empty() || trimmed.starts_with(';') || trimmed.starts_with('#') {
                section.lines.push(Line::Other(line.to_string()));
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
                        header: Some(line.to_string()),
                        lines: Vec::new(),
                    }),
                    None => {
                        section.lines.push(Line::Other(line.to_string()));
                        diagnostics.push(Diagnostic::error(
                            DiagnosticCode::PresetError,
                            span,
                            format!("'{trimmed}' : section header lacks ']'"),
                        ));
                    }
                }
                continue;
            }
            let Some((key, value)) = trimmed.split_once('=') else {
                section.lines.push(Line::Other(line.to_string()));
                diagnostics.push(Diagnostic::error(
                    DiagnosticCode::PresetError,
                    span,
                    format!("'{trimmed}' : expected 'key=value'"),
                ));
                continue;
            };
            section.lines.push(Line::Entry {
                key: key.trim().to_string(),
                value: value.trim().to_string(),
                raw: Some(line.to_string()),
            });
        }
        PresetLoad {
            sources,
            preset,
            diagnostics,
        }
    }

    fn global(&self, key: &str) -> Option<&str> {
        self.sections.first()?.get(key)
    }

    /// The `[name]` section (names compare without case, as file names do on Windows).
    pub fn section(&self, name: &str) -> Option<&Section> {
        self.sections
            .iter()
            .skip(1)
            .find(|s| s.name.eq_ignore_ascii_case(name))
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

    /// The order of techniques: `TechniqueSorting=`, or without that line the `Techniques=`
    /// list's order, as ReShade reads it.
    pub fn technique_sorting(&self) -> Vec<TechniqueRef> {
        if self.global("TechniqueSorting").is_some() {
            self.list("TechniqueSorting")
        } else {
            self.techniques()
        }
    }

    /// Whether the preset has a `Techniques=` line at all, which is how ReShade tells a preset.
    pub fn has_technique_list(&self) -> bool {
        self.global("Techniques").is_some()
    }

    /// A uniform's value in the effect's section, as numbers (`a,b,c`).
    pub fn uniform_value(&self, effect_file: &str, uniform: &str) -> Option<Vec<f64>> {
        self.section(effect_file)?
            .get(uniform)?
            .split(',')
            .map(|c| c.trim().parse::<f64>().ok())
            .collect()
    }

    fn set_global(&mut self, key: &str, value: String) {
        if self.sections.is_empty() {
            self.sections.push(Section::default());
        }
        self.sections[0].set(key, value);
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
                if self.sections.is_empty() {
                    self.sections.push(Section::default());
                }
                self.sections.push(Section {
                    name: section.to_string(),
                    ..Section::default()
                });
                self.sections.len() - 1
            }
        };
        self.sections[index].set(key, value);
    }

    /// `PreprocessorDefinitions=` of the global section (`None`) or of `[effect_file]`, as ReShade
    /// reads it: comma-separated `NAME=VALUE` items, split at the first `=`; an item without one
    /// is a name with an empty value.
    pub fn preprocessor_definitions(&self, section: Option<&str>) -> Vec<(String, String)> {
        let value = match section {
            None => self.global(DEFINITIONS_KEY),
            Some(name) => self.section(name).and_then(|s| s.get(DEFINITIONS_KEY)),
        };
        value.map(parse_definitions).unwrap_or_default()
    }

    /// Replaces `PreprocessorDefinitions=` of the global section (`None`) or of `[effect_file]`.
    /// An empty list empties an existing line (ReShade 6 writes `PreprocessorDefinitions=`) and
    /// adds none.
    pub fn set_preprocessor_definitions(
        &mut self,
        section: Option<&str>,
        definitions: &[(String, String)],
    ) {
        let text = definitions
            .iter()
            .map(|(name, value)| match value.as_str() {
                "" => name.clone(),
                _ => format!("{name}={value}"),
            })
            .collect::<Vec<_>>()
            .join(",");
        let exists = match section {
            None => self.global(DEFINITIONS_KEY).is_some(),
            Some(name) => self
                .section(name)
                .is_some_and(|s| s.get(DEFINITIONS_KEY).is_some()),
        };
        if text.is_empty() && !exists {
            return;
        }
        match section {
            None => self.set_global(DEFINITIONS_KEY, text),
            Some(name) => self.set_value(name, DEFINITIONS_KEY, text),
        }
    }

    /// The macros an effect compiles with, as ReShade applies them: its section's definitions
    /// before the global ones, the first of a name winning (each name appears once here), items
    /// without a name skipped, and an empty value defined as `1`.
    pub fn effect_definitions(&self, effect_file: &str) -> Vec<(String, String)> {
        let mut out: Vec<(String, String)> = Vec::new();
        let mut seen: HashSet<String> = HashSet::default();
        let listed = self
            .preprocessor_definitions(Some(effect_file))
            .into_iter()
            .chain(self.preprocessor_definitions(None));
        for (name, value) in listed {
            if name.is_empty() || !seen.insert(name.clone()) {
                continue;
            }
            let value = if value.is_empty() {
                "1".to_owned()
            } else {
                value
            };
            out.push((name, value));
        }
        out
    }

    pub fn set_techniques(&mut self, list: &[TechniqueRef]) {
        self.set_global("Techniques", join_refs(list));
    }

    pub fn set_technique_sorting(&mut self, list: &[TechniqueRef]) {
        self.set_global("TechniqueSorting", join_refs(list));
    }

    /// The INI text: every line as it was read, except values that changed (written as
    /// `key=value`, as ReShade writes them) and sections that are new (after a blank line).
    pub fn to_ini(&self) -> String {
        let mut lines: Vec<String> = Vec::new();
        for (i, section) in self.sections.iter().enumerate() {
            if i > 0 {
                match &section.header {
                    Some(header) => lines.push(header.clone()),
                    None => {
                        if lines.last().is_some_and(|l| !l.trim().is_empty()) {
                            lines.push(String::new());
                        }
                        lines.push(format!("[{}]", section.name));
                    }
                }
            }
            for line in &section.lines {
                lines.push(match line {
                    Line::Entry { raw: Some(raw), .. } => raw.clone(),
                    Line::Entry { key, value, .. } => format!("{key}={value}"),
                    Line::Other(text) => text.clone(),
                });
            }
        }
        let mut out = lines.join(self.newline);
        if self.final_newline && !lines.is_empty() {
            out.push_str(self.newline);
        }
        out
    }
}

/// The key of a preset's preprocessor definitions.
const DEFINITIONS_KEY: &str = "PreprocessorDefinitions";

/// `A=1,B,C=x` as (name, value) pairs, split at each item's first `=`.
pub fn parse_definitions(text: &str) -> Vec<(String, String)> {
    text.split(',')
        .map(str::trim)
        .filter(|item| !item.is_empty())
        .map(|item| match item.split_once('=') {
            Some((name, value)) => (name.trim().to_owned(), value.trim().to_owned()),
            None => (item.to_owned(), String::new()),
        })
        .collect()
}

/// A technique list to save: `current` (the techniques of the effects that are loaded, in order)
/// merged into `saved` (the list the preset had) so that entries of effects that did not load,
/// because they failed to compile or were not opened, survive where they were. `loaded` tells
/// whether an entry belongs to a loaded effect; the loaded ones are replaced, as one block, at the
/// place of the first of them (or after the others when the preset listed none).
pub fn merge_technique_list(
    saved: &[TechniqueRef],
    current: &[TechniqueRef],
    loaded: impl Fn(&TechniqueRef) -> bool,
) -> Vec<TechniqueRef> {
    let mut merged = Vec::with_capacity(saved.len() + current.len());
    let mut placed = false;
    for entry in saved {
        if !loaded(entry) {
            merged.push(entry.clone());
        } else if !placed {
            merged.extend_from_slice(current);
            placed = true;
        }
    }
    if !placed {
        merged.extend_from_slice(current);
    }
    merged
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

    /// A preset as ReShade 6 writes one: global keys (toggle keys, definitions, technique
    /// lists) sorted, then one section per effect with sorted keys, a blank line between.
    const RESHADE_WRITTEN: &str = "KeyClarity@Clarity.fx=0,0,0,0\r\n\
        PreprocessorDefinitions=\r\n\
        TechniqueSorting=Clarity@Clarity.fx,Vignette@Vignette.fx\r\n\
        Techniques=Vignette@Vignette.fx,Clarity@Clarity.fx\r\n\
        \r\n\
        [Clarity.fx]\r\n\
        ClarityBlendIfDark=50\r\n\
        ClarityStrength=0.400000\r\n\
        \r\n\
        [Vignette.fx]\r\n\
        Amount=-1.000000\r\n\
        Center=0.500000,0.500000\r\n\
        Type=0\r\n";

    #[test]
    fn preprocessor_definitions_are_read_and_applied_as_reshade_does() {
        let text = "PreprocessorDefinitions=QUALITY=2,DEBUG,=5,SHARED=global\n\
            Techniques=A@A.fx\n\n[A.fx]\nPreprocessorDefinitions=QUALITY=3,QUALITY=4\n";
        let p = Preset::parse(Path::new("p.ini"), text).preset;
        let pair = |n: &str, v: &str| (n.to_owned(), v.to_owned());
        assert_eq!(
            p.preprocessor_definitions(None),
            [
                pair("QUALITY", "2"),
                pair("DEBUG", ""),
                pair("", "5"),
                pair("SHARED", "global")
            ]
        );
        // The effect's own first, the first of a name winning, no empty names, empty is 1.
        assert_eq!(
            p.effect_definitions("a.fx"),
            [
                pair("QUALITY", "3"),
                pair("DEBUG", "1"),
                pair("SHARED", "global")
            ]
        );
        assert_eq!(
            p.effect_definitions("Other.fx"),
            [
                pair("QUALITY", "2"),
                pair("DEBUG", "1"),
                pair("SHARED", "global")
            ]
        );
    }

    #[test]
    fn editing_preprocessor_definitions_changes_only_their_line() {
        let mut p = Preset::parse(Path::new("ReShadePreset.ini"), RESHADE_WRITTEN).preset;
        p.set_preprocessor_definitions(None, &[]);
        p.set_preprocessor_definitions(Some("Clarity.fx"), &[]);
        assert_eq!(
            p.to_ini(),
            RESHADE_WRITTEN,
            "an empty list changes nothing here"
        );
        let defs = [
            ("A".to_owned(), "1".to_owned()),
            ("B".to_owned(), String::new()),
        ];
        p.set_preprocessor_definitions(None, &defs);
        p.set_preprocessor_definitions(Some("Vignette.fx"), &defs[..1]);
        let expected = RESHADE_WRITTEN
            .replace(
                "PreprocessorDefinitions=\r\n",
                "PreprocessorDefinitions=A=1,B\r\n",
            )
            .replace("Type=0\r\n", "Type=0\r\nPreprocessorDefinitions=A=1\r\n");
        assert_eq!(p.to_ini(), expected);
        assert_eq!(p.preprocessor_definitions(None), defs);
        let reread = Preset::parse(Path::new("p.ini"), &expected).preset;
        assert_eq!(
            reread.preprocessor_definitions(Some("Vignette.fx")),
            defs[..1]
        );
    }

    #[test]
    fn a_reshade_preset_round_trips_byte_for_byte() {
        let load = Preset::parse(Path::new("ReShadePreset.ini"), RESHADE_WRITTEN);
        assert!(load.diagnostics.is_empty());
        assert_eq!(load.preset.to_ini(), RESHADE_WRITTEN);
        // Setting values they already have changes nothing.
        let mut p = load.preset;
        p.set_value("Vignette.fx", "Type", "0".to_string());
        p.set_techniques(&p.techniques());
        assert_eq!(p.to_ini(), RESHADE_WRITTEN);
    }

    #[test]
    fn a_save_changes_only_the_lines_that_changed() {
        let mut p = Preset::parse(Path::new("ReShadePreset.ini"), RESHADE_WRITTEN).preset;
        p.set_value("Vignette.fx", "Amount", "-0.500000".to_string());
        p.set_value("Clarity.fx", "ClarityRadius", "3".to_string());
        p.set_value("Deband.fx", "Threshold", "0.004000".to_string());
        let expected = RESHADE_WRITTEN
            .replace("Amount=-1.000000", "Amount=-0.500000")
            .replace(
                "ClarityStrength=0.400000\r\n",
                "ClarityStrength=0.400000\r\nClarityRadius=3\r\n",
            )
            + "\r\n[Deband.fx]\r\nThreshold=0.004000\r\n";
        assert_eq!(p.to_ini(), expected);
    }

    #[test]
    fn comments_unreadable_lines_and_spacing_survive_a_save() {
        let text = "; my favourite look\nTechniques = A@A.fx\n  garbage line\n[A.fx]\n# tuned by hand\nStrength = 0.5\n[Broken\n";
        let mut p = Preset::parse(Path::new("p.ini"), text).preset;
        assert_eq!(p.to_ini(), text);
        p.set_value("A.fx", "Strength", "0.750000".to_string());
        assert_eq!(
            p.to_ini(),
            text.replace("Strength = 0.5", "Strength=0.750000")
        );
    }

    #[test]
    fn a_preset_without_a_final_line_break_keeps_it_so() {
        let text = "Techniques=A@A.fx\n[A.fx]\nX=1";
        let mut p = Preset::parse(Path::new("p.ini"), text).preset;
        assert_eq!(p.to_ini(), text);
        p.set_value("A.fx", "Y", "2".to_string());
        assert_eq!(p.to_ini(), "Techniques=A@A.fx\n[A.fx]\nX=1\nY=2");
    }

    #[test]
    fn without_technique_sorting_the_order_is_the_technique_list() {
        let p = Preset::parse(Path::new("p.ini"), "Techniques=B@B.fx,A@A.fx\n").preset;
        assert_eq!(
            p.technique_sorting(),
            vec![TechniqueRef::parse("B@B.fx"), TechniqueRef::parse("A@A.fx")]
        );
        // An empty TechniqueSorting= line is a sorting (of nothing), not a missing one.
        let p = Preset::parse(Path::new("p.ini"), "Techniques=B@B.fx\nTechniqueSorting=\n").preset;
        assert_eq!(p.technique_sorting(), Vec::new());
    }

    #[test]
    fn techniques_of_effects_that_did_not_load_survive_a_save() {
        let refs = |text: &str| -> Vec<TechniqueRef> {
            text.split(',').map(TechniqueRef::parse).collect()
        };
        let saved = refs("A@A.fx,Broken@Broken.fx,B@B.fx,Other@Other.fx");
        let loaded = |r: &TechniqueRef| {
            r.effect
                .as_deref()
                .is_some_and(|e| e == "A.fx" || e == "B.fx")
        };
        // The user reordered B before A and the broken effect did not compile.
        assert_eq!(
            merge_technique_list(&saved, &refs("B@B.fx,A@A.fx"), loaded),
            refs("B@B.fx,A@A.fx,Broken@Broken.fx,Other@Other.fx")
        );
        // With the only loaded effect's techniques all disabled, the others are still listed.
        assert_eq!(
            merge_technique_list(&saved, &[], loaded),
            refs("Broken@Broken.fx,Other@Other.fx")
        );
        // A preset that listed none of the loaded techniques gets them after its own.
        assert_eq!(
            merge_technique_list(&refs("Other@Other.fx"), &refs("A@A.fx"), loaded),
            refs("Other@Other.fx,A@A.fx")
        );
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
