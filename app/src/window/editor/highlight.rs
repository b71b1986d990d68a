//! Syntax colouring for the editor with syntect, from the syntax definitions fxbench ships
//! (`assets/syntax/*.sublime-syntax`: ReShade FX, WFX/WGSL, and SPIR-V assembly for the SPIR-V
//! view's listings), and the text laid out for egui with diagnostics underlined at their byte
//! ranges.

use std::ops::Range;
use std::path::Path;
use std::sync::{Arc, OnceLock};

use egui::text::{LayoutJob, TextFormat};
use egui::{Color32, FontId, Stroke};
use syntect::highlighting::{
    FontStyle, HighlightIterator, HighlightState, Highlighter as SynHighlighter, Theme, ThemeSet,
};
use syntect::parsing::{
    ParseState, ScopeStack, SyntaxDefinition, SyntaxReference, SyntaxSet, SyntaxSetBuilder,
};
use syntect::util::LinesWithEndings;

const RESHADE_FX: &str = include_str!("../../../../assets/syntax/reshade-fx.sublime-syntax");
const WFX: &str = include_str!("../../../../assets/syntax/wfx.sublime-syntax");
const SPIRV: &str = include_str!("../../../../assets/syntax/spirv.sublime-syntax");

/// A coloured run of text: its byte range, colour and whether it is italic.
#[derive(Clone, Debug, PartialEq)]
pub struct ColourSpan {
    pub range: Range<usize>,
    pub colour: Color32,
    pub italic: bool,
}

/// An underline under a byte range (a diagnostic).
#[derive(Clone, Debug, PartialEq)]
pub struct Underline {
    pub range: Range<usize>,
    pub colour: Color32,
}

/// Why the highlighter could not be built (the editor then shows plain text).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum HighlighterError {
    /// A syntax definition compiled in from `assets/syntax/` does not load.
    #[error("assets/syntax/{name}.sublime-syntax: {source}")]
    Syntax {
        name: &'static str,
        #[source]
        source: syntect::parsing::ParseSyntaxError,
    },
    /// syntect's default theme set lacks a theme we use.
    #[error("syntect has no theme '{0}'")]
    MissingTheme(&'static str),
}

/// Our syntax definitions and a dark and a light theme.
pub struct Highlighter {
    syntaxes: SyntaxSet,
    dark: Theme,
    light: Theme,
}

impl Highlighter {
    /// The shared highlighter (built once: parsing the definitions takes a few milliseconds).
    pub fn shared() -> &'static Result<Self, HighlighterError> {
        static SHARED: OnceLock<Result<Highlighter, HighlighterError>> = OnceLock::new();
        SHARED.get_or_init(Self::new)
    }

    fn new() -> Result<Self, HighlighterError> {
        let mut builder = SyntaxSetBuilder::new();
        for (name, text) in [("reshade-fx", RESHADE_FX), ("wfx", WFX), ("spirv", SPIRV)] {
            let definition = SyntaxDefinition::load_from_str(text, true, Some(name))
                .map_err(|source| HighlighterError::Syntax { name, source })?;
            builder.add(definition);
        }
        // Every other file (`.txt`, `.h`, no extension) opens as plain text, which a builder
        // does not have unless asked (syntect panics looking for it otherwise).
        builder.add_plain_text_syntax();
        let mut themes = ThemeSet::load_defaults().themes;
        let mut take = |name: &'static str| {
            themes
                .remove(name)
                .ok_or(HighlighterError::MissingTheme(name))
        };
        Ok(Self {
            syntaxes: builder.build(),
            dark: take("base16-ocean.dark")?,
            light: take("InspiredGitHub")?,
        })
    }

    /// Colours `text`, read as the language its path's extension names (plain text for other
    /// extensions), with the dark or the light theme.
    pub fn colour(&self, path: &Path, text: &str, dark: bool) -> Vec<ColourSpan> {
        let mut lines = LineCache::default();
        lines.update(self, path, text, dark);
        lines.spans()
    }

    fn syntax(&self, path: &Path) -> &SyntaxReference {
        let extension = path
            .extension()
            .map(|e| e.to_string_lossy().to_ascii_lowercase())
            .unwrap_or_default();
        self.syntaxes
            .find_syntax_by_extension(&extension)
            .unwrap_or_else(|| self.syntaxes.find_syntax_plain_text())
    }

    fn theme(&self, dark: bool) -> &Theme {
        if dark { &self.dark } else { &self.light }
    }
}

/// The parser's and highlighter's state at the start of a line.
type LineState = (ParseState, HighlightState);

/// One line as last coloured: its text, the states it started and ended in, and its runs (byte
/// ranges within the line).
#[derive(Clone)]
struct CachedLine {
    text: String,
    state_in: LineState,
    state_out: LineState,
    runs: Vec<(Range<usize>, Color32, bool)>,
}

/// Colours by line, so an edit recolours from the first changed line only until the state
/// entering an unchanged line is the one it had before (typing in a 1200-line effect recolours
/// a few lines, not the file).
#[derive(Default)]
struct LineCache {
    lines: Vec<CachedLine>,
    /// The language and theme the lines were coloured for.
    key: Option<(std::path::PathBuf, bool)>,
}

impl LineCache {
    fn update(&mut self, highlighter: &Highlighter, path: &Path, text: &str, dark: bool) {
        let key = (path.to_path_buf(), dark);
        if self.key.as_ref() != Some(&key) {
            self.lines.clear();
            self.key = Some(key);
        }
        let theme = SynHighlighter::new(highlighter.theme(dark));
        let new: Vec<&str> = LinesWithEndings::from(text).collect();
        let old = std::mem::take(&mut self.lines);
        let prefix = old
            .iter()
            .zip(&new)
            .take_while(|(o, n)| o.text == **n)
            .count();
        let suffix = old[prefix..]
            .iter()
            .rev()
            .zip(new[prefix..].iter().rev())
            .take_while(|(o, n)| o.text == **n)
            .count();
        let mut old = old.into_iter();
        let mut lines: Vec<CachedLine> = old.by_ref().take(prefix).collect();
        let mut state = match lines.last() {
            Some(line) => line.state_out.clone(),
            None => (
                ParseState::new(highlighter.syntax(path)),
                HighlightState::new(&theme, ScopeStack::new()),
            ),
        };
        // The old lines after the edit, to reuse once the state matches again.
        let tail: Vec<CachedLine> = old.collect();
        let tail = &tail[tail.len() - suffix..];
        let changed_end = new.len() - suffix;
        let mut reuse_from = None;
        for (i, line) in new.iter().enumerate().skip(prefix) {
            if i >= changed_end {
                let k = i - changed_end;
                if tail[k].state_in == state {
                    reuse_from = Some(k);
                    break;
                }
            }
            let (cached, next) = colour_line(highlighter, &theme, line, state);
            lines.push(cached);
            state = next;
        }
        if let Some(k) = reuse_from {
            lines.extend(tail[k..].iter().cloned());
        }
        self.lines = lines;
    }

    fn spans(&self) -> Vec<ColourSpan> {
        let mut spans = Vec::new();
        let mut offset = 0;
        for line in &self.lines {
            for (range, colour, italic) in &line.runs {
                spans.push(ColourSpan {
                    range: offset + range.start..offset + range.end,
                    colour: *colour,
                    italic: *italic,
                });
            }
            offset += line.text.len();
        }
        spans
    }
}

/// Colours one line from `state`; returns it and the state after it.
fn colour_line(
    highlighter: &Highlighter,
    theme: &SynHighlighter<'_>,
    line: &str,
    state: LineState,
) -> (CachedLine, LineState) {
    let (mut parse, mut highlight) = state.clone();
    let mut runs = Vec::new();
    // A regex the engine cannot run leaves the line uncoloured, never a panic.
    if let Ok(ops) = parse.parse_line(line, &highlighter.syntaxes) {
        let mut offset = 0;
        for (style, piece) in HighlightIterator::new(&mut highlight, &ops, line, theme) {
            let c = style.foreground;
            runs.push((
                offset..offset + piece.len(),
                Color32::from_rgb(c.r, c.g, c.b),
                style.font_style.contains(FontStyle::ITALIC),
            ));
            offset += piece.len();
        }
    }
    let state_out = (parse, highlight);
    (
        CachedLine {
            text: line.to_string(),
            state_in: state,
            state_out: state_out.clone(),
            runs,
        },
        state_out,
    )
}

/// The colour spans of one text, kept until the text or the theme changes; an edit recolours
/// only the lines it touched ([`LineCache`]).
#[derive(Default)]
pub struct HighlightCache {
    key: Option<(u64, bool)>,
    lines: LineCache,
    spans: Arc<Vec<ColourSpan>>,
}

impl HighlightCache {
    /// The spans of `text`, recoloured only where it changed.
    pub fn spans(&mut self, path: &Path, text: &str, dark: bool) -> Arc<Vec<ColourSpan>> {
        use std::hash::{Hash as _, Hasher as _};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        text.hash(&mut hasher);
        let key = (hasher.finish(), dark);
        if self.key != Some(key) {
            if let Ok(h) = Highlighter::shared() {
                self.lines.update(h, path, text, dark);
                self.spans = Arc::new(self.lines.spans());
            }
            self.key = Some(key);
        }
        self.spans.clone()
    }
}

/// `text` laid out in `font` with the colours of `spans` (the rest in `plain`) and `underlines`.
pub fn layout_job(
    text: &str,
    spans: &[ColourSpan],
    underlines: &[Underline],
    font: &FontId,
    plain: Color32,
) -> LayoutJob {
    let mut cuts: Vec<usize> = vec![0, text.len()];
    for s in spans {
        cuts.extend([s.range.start, s.range.end]);
    }
    for u in underlines {
        cuts.extend([u.range.start, u.range.end]);
    }
    cuts.retain(|&c| c <= text.len() && text.is_char_boundary(c));
    cuts.sort_unstable();
    cuts.dedup();
    let mut job = LayoutJob::default();
    let mut span = 0;
    for pair in cuts.windows(2) {
        let (start, end) = (pair[0], pair[1]);
        while span < spans.len() && spans[span].range.end <= start {
            span += 1;
        }
        let colour = spans.get(span).filter(|s| s.range.start <= start);
        let underline = underlines
            .iter()
            .rfind(|u| u.range.start <= start && end <= u.range.end)
            .map_or(Stroke::NONE, |u| Stroke::new(2.0, u.colour));
        job.append(
            &text[start..end],
            0.0,
            TextFormat {
                font_id: font.clone(),
                color: colour.map_or(plain, |s| s.colour),
                italics: colour.is_some_and(|s| s.italic),
                underline,
                ..TextFormat::default()
            },
        );
    }
    job
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The colour the dark theme gives the text at `needle` in `text`.
    fn colour_of(path: &str, text: &str, needle: &str) -> Color32 {
        let h = Highlighter::shared().as_ref().expect("definitions load");
        let at = text.find(needle).expect("needle");
        h.colour(Path::new(path), text, true)
            .into_iter()
            .find(|s| s.range.contains(&at))
            .expect("coloured")
            .colour
    }

    #[test]
    fn files_of_other_kinds_open_as_plain_text() {
        // Each of these panicked in syntect before plain text was part of the set.
        let h = Highlighter::shared().as_ref().expect("definitions load");
        let text = "float4 x = 1; // a comment\nreturn x;\n";
        // As an effect the keyword and the comment take colours of their own.
        let fx = h.colour(Path::new("x.fx"), text, true);
        assert!(fx.iter().any(|s| s.colour != fx[0].colour));
        for path in [
            "notes.txt",
            "common.h",
            "README",
            "effect.addonfx",
            "x.HLSL",
        ] {
            let spans = h.colour(Path::new(path), text, true);
            let covered: usize = spans.iter().map(|s| s.range.len()).sum();
            assert_eq!(covered, text.len(), "{path}");
            assert!(
                spans
                    .iter()
                    .all(|s| s.colour == spans[0].colour && !s.italic),
                "{path}: {spans:?}"
            );
        }
    }

    #[test]
    fn both_definitions_colour_keywords_comments_and_numbers_apart() {
        for (path, text) in [
            (
                "a.fx",
                "// note\ntechnique T { pass { PixelShader = PS; } }\nfloat x = 1.5;\n",
            ),
            (
                "a.wfx",
                "// note\ntechnique T { pass { PixelShader = ps; } }\nconst x: f32 = 1.5;\n",
            ),
        ] {
            let comment = colour_of(path, text, "note");
            let keyword = colour_of(path, text, "technique");
            let number = colour_of(path, text, "1.5");
            let name = colour_of(path, text, " T ");
            assert_ne!(comment, keyword, "{path}");
            assert_ne!(keyword, number, "{path}");
            assert_ne!(comment, number, "{path}");
            assert_ne!(keyword, name, "{path}");
        }
    }

    #[test]
    fn spirv_assembly_colours_ids_opcodes_numbers_enumerants_and_comments_apart() {
        let text = "; Version: 1.0\n  %float_1 = OpConstant %float 1.5\n               OpStore %x %float_1\n  %5 = OpVariable %_ptr_Function_float Function\n";
        let path = "x.spvasm";
        let comment = colour_of(path, text, "Version");
        let definition = colour_of(path, text, "%float_1 =");
        let opcode = colour_of(path, text, "OpConstant");
        let used = colour_of(path, text, "%float 1.5");
        let number = colour_of(path, text, "1.5");
        let enumerant = colour_of(path, text, "Function\n");
        let all = [comment, definition, opcode, used, number, enumerant];
        for (i, a) in all.iter().enumerate() {
            for b in &all[i + 1..] {
                assert_ne!(a, b, "{all:?}");
            }
        }
        // Opcodes share one colour wherever they are on the line.
        assert_eq!(opcode, colour_of(path, text, "OpStore"));
        assert_eq!(opcode, colour_of(path, text, "OpVariable"));
    }

    #[test]
    fn recolouring_after_an_edit_matches_colouring_from_scratch() {
        let h = Highlighter::shared().as_ref().expect("definitions load");
        let path = Path::new("a.fx");
        let before = "float a = 1.0;\n/* comment\nstill */ int b;\ntechnique T { }\n";
        let mut cache = LineCache::default();
        cache.update(h, path, before, true);
        assert_eq!(cache.spans(), h.colour(path, before, true));
        // Opening a block comment changes the lines after it; closing it changes them back.
        for after in [
            "float a = 1.0;\n/* comment\nstill  int b;\ntechnique T { }\n",
            "/*float a = 1.0;\n/* comment\nstill */ int b;\ntechnique T { }\n",
            "float a = 1.0;\nint c;\n/* comment\nstill */ int b;\ntechnique T { }\n",
            "technique T { }\n",
            "technique T { }\nfloat x = 2.0;\n",
            "technique T { }\nfloat x = 2.0;\n/* open\n",
            "technique T { }\nfloat x = 2.0;\n/* open\nint y;\n",
            before,
        ] {
            cache.update(h, path, after, true);
            assert_eq!(cache.spans(), h.colour(path, after, true), "{after:?}");
        }
    }

    #[test]
    fn the_layout_underlines_exactly_the_diagnostic_range() {
        let text = "let a = b;\n";
        let job = layout_job(
            text,
            &[],
            &[Underline {
                range: 8..9,
                colour: Color32::RED,
            }],
            &FontId::monospace(12.0),
            Color32::WHITE,
        );
        let underlined: Vec<&str> = job
            .sections
            .iter()
            .filter(|s| s.format.underline != Stroke::NONE)
            .map(|s| &text[s.byte_range.start.0..s.byte_range.end.0])
            .collect();
        assert_eq!(underlined, ["b"]);
        assert_eq!(job.text, text);
    }
}
