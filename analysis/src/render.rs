//! Diagnostic renderers: one line each ([`short`]), human-readable text with source context,
//! JSON, and SARIF 2.1.0.
//!
//! All three read the same [`Diagnostic`]s and resolve spans through the [`SourceMap`] the front
//! end returned with them. Positions follow the analyzer RFC (§2.3): a range is a start and an end
//! position, each a 1-based line, a 1-based column counted in characters, and a byte offset into
//! the whole file. The end position is exclusive: it is the position just after the last
//! character of the range, as in SARIF's `endColumn`.

use std::fmt::Write as _;
use std::path::Path;

use serde::Serialize;

use crate::diagnostic::{Diagnostic, DiagnosticCode, Severity};
use crate::source::{SourceFile, SourceMap, Span};

/// Whether the human renderer colours its output with ANSI escape sequences.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Colors {
    /// Plain text, for files, pipes and tests.
    Plain,
    /// ANSI colours, for terminals.
    Ansi,
}

/// Lines shown before and after the line a diagnostic points at.
const CONTEXT_LINES: u32 = 2;

/// Diagnostics together with the source map their spans point into: one front-end run.
pub type Group<'a> = (&'a SourceMap, &'a [Diagnostic]);

/// Every diagnostic in its short form ([`Diagnostic::render_short`]: `path:line:col:
/// severity[Code]: message`, then its notes), one after another: for logs, panics and tests.
pub fn short(sources: &SourceMap, diagnostics: &[Diagnostic]) -> String {
    diagnostics
        .iter()
        .map(|d| d.render_short(sources))
        .collect::<Vec<_>>()
        .join("\n")
}

// ---------------------------------------------------------------------------------------------
// Human-readable text

/// Renders diagnostics for a terminal: a `path:line:col: severity[Code]: message` header, the
/// source line with [`CONTEXT_LINES`] lines of context on each side under a line-number gutter,
/// carets under the range, then related locations and notes. Each diagnostic ends with a blank
/// line.
pub fn human(sources: &SourceMap, diagnostics: &[Diagnostic], colors: Colors) -> String {
    let mut out = String::new();
    for diagnostic in diagnostics {
        human_one(&mut out, sources, diagnostic, colors);
        out.push('\n');
    }
    out
}

/// The escape sequences used by [`human`]; all empty for [`Colors::Plain`].
struct Palette {
    severity: &'static str,
    bold: &'static str,
    gutter: &'static str,
    reset: &'static str,
}

impl Palette {
    fn new(colors: Colors, severity: Severity) -> Self {
        match colors {
            Colors::Plain => Self {
                severity: "",
                bold: "",
                gutter: "",
                reset: "",
            },
            Colors::Ansi => Self {
                severity: match severity {
                    Severity::Error => "\x1b[1;31m",
                    Severity::Warning => "\x1b[1;33m",
                    Severity::Note => "\x1b[1;36m",
                },
                bold: "\x1b[1m",
                gutter: "\x1b[1;34m",
                reset: "\x1b[0m",
            },
        }
    }
}

fn human_one(out: &mut String, sources: &SourceMap, d: &Diagnostic, colors: Colors) {
    let p = Palette::new(colors, d.severity);
    let Some(span) = d.span else {
        let _ = writeln!(
            out,
            "{}{}[{}]{}{}: {}{}",
            p.severity,
            d.severity.as_str(),
            d.code,
            p.reset,
            p.bold,
            d.message,
            p.reset
        );
        let _ = write_trailer(out, sources, d, &p, 2);
        return;
    };
    let file = sources.get(span.file);
    let start = file.line_col(span.start);
    let end = file.line_col(span.end);
    // The header reports the location `#line` gives; the snippet shows the real text.
    let presumed = sources.presumed(span, d.line_naming());
    let _ = writeln!(
        out,
        "{}{presumed}: {}{}[{}]{}{}: {}{}",
        p.bold,
        p.severity,
        d.severity.as_str(),
        d.code,
        p.reset,
        p.bold,
        d.message,
        p.reset
    );

    let first = start.line.saturating_sub(CONTEXT_LINES).max(1);
    let last = (start.line + CONTEXT_LINES)
        .min(last_shown_line(file))
        .max(start.line);
    let width = last.to_string().len();
    let _ = writeln!(out, "{}{:width$} |{}", p.gutter, "", p.reset);
    for line in first..=last {
        let text = file.line_text(line);
        let _ = writeln!(
            out,
            "{}{line:>width$} |{}{}{text}",
            p.gutter,
            p.reset,
            if text.is_empty() { "" } else { " " }
        );
        if line == start.line {
            // Tabs are repeated under themselves so the carets line up however tabs display.
            let indent: String = text
                .chars()
                .take(start.column as usize - 1)
                .map(|c| if c == '\t' { '\t' } else { ' ' })
                .collect();
            let line_chars = text.chars().count() as u32;
            let caret_end = if end.line == start.line {
                end.column
            } else {
                line_chars + 1
            };
            let carets = caret_end.saturating_sub(start.column).max(1) as usize;
            let _ = writeln!(
                out,
                "{}{:width$} |{} {indent}{}{}{}",
                p.gutter,
                "",
                p.reset,
                p.severity,
                "^".repeat(carets),
                p.reset
            );
        }
    }
    let real = sources.location(span);
    if real != presumed {
        let _ = writeln!(
            out,
            "{}{:width$} ={} {}note{}: the text is at {real} (numbered above as ReShade reports \
             it: a `#line`, or how its compiler counts lines)",
            p.gutter, "", p.reset, p.bold, p.reset
        );
    }
    let _ = write_trailer(out, sources, d, &p, width);
}

/// The last line worth showing as context: a final empty line after the last line break is not.
fn last_shown_line(file: &SourceFile) -> u32 {
    let count = file.line_count();
    if count > 1 && file.text.ends_with('\n') {
        count - 1
    } else {
        count
    }
}

/// Related locations and notes, one line each, under the gutter.
fn write_trailer(
    out: &mut String,
    sources: &SourceMap,
    d: &Diagnostic,
    p: &Palette,
    width: usize,
) -> std::fmt::Result {
    for (span, label) in &d.related {
        writeln!(
            out,
            "{}{:width$} ={} {}related{}: {}: {label}",
            p.gutter,
            "",
            p.reset,
            p.bold,
            p.reset,
            d.reported_related(sources, *span)
        )?;
    }
    for note in &d.notes {
        writeln!(
            out,
            "{}{:width$} ={} {}note{}: {note}",
            p.gutter, "", p.reset, p.bold, p.reset
        )?;
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// JSON

/// A position in a file (RFC §2.3): 1-based line and character column, and the byte offset.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Position {
    pub line: u32,
    pub column: u32,
    pub offset: u32,
}

/// A resolved span; `end` is exclusive.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Range {
    pub start: Position,
    pub end: Position,
}

impl Range {
    /// Resolves `span` in `sources`.
    pub fn of(sources: &SourceMap, span: Span) -> Self {
        let file = sources.get(span.file);
        let position = |offset: u32| {
            let lc = file.line_col(offset);
            Position {
                line: lc.line,
                column: lc.column,
                offset: offset.min(file.text.len() as u32),
            }
        };
        Self {
            start: position(span.start),
            end: position(span.end),
        }
    }
}

#[derive(Serialize)]
struct JsonDocument<'a> {
    diagnostics: Vec<JsonDiagnostic<'a>>,
}

#[derive(Serialize)]
struct JsonDiagnostic<'a> {
    /// `None` only for diagnostics without a span, whose file is unknown.
    file: Option<String>,
    severity: &'static str,
    code: &'static str,
    message: &'a str,
    range: Option<Range>,
    /// Where `#line` directives put it, when that is not where its text is.
    #[serde(skip_serializing_if = "Option::is_none")]
    presumed: Option<JsonPresumed>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    related: Vec<JsonRelated<'a>>,
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    notes: &'a [String],
}

/// The file name, line and column a `#line` directive gives a location.
#[derive(Serialize)]
struct JsonPresumed {
    file: String,
    line: u32,
    column: u32,
}

impl JsonPresumed {
    fn of(sources: &SourceMap, d: &Diagnostic) -> Option<Self> {
        let span = d.span?;
        let presumed = d.reported_location(sources)?;
        (presumed != sources.location(span)).then(|| Self {
            file: display_path(presumed.path),
            line: presumed.start.line,
            column: presumed.start.column,
        })
    }
}

#[derive(Serialize)]
struct JsonRelated<'a> {
    file: String,
    message: &'a str,
    range: Range,
}

/// Renders diagnostics as one JSON document:
/// `{"diagnostics":[{"file","severity","code","message","range"}, ...]}`, with `related` and
/// `notes` arrays added when non-empty, and `presumed` (`{"file","line","column"}`) where a
/// `#line` directive renumbers the location. A diagnostic without a span has `file` and `range`
/// null.
pub fn json(sources: &SourceMap, diagnostics: &[Diagnostic]) -> String {
    json_many(&[(sources, diagnostics)])
}

/// [`json`] over several front-end runs (several files checked at once), in one document.
pub fn json_many(groups: &[Group<'_>]) -> String {
    let document = JsonDocument {
        diagnostics: groups
            .iter()
            .flat_map(|&(sources, diagnostics)| {
                diagnostics.iter().map(move |d| JsonDiagnostic {
                    file: d.span.map(|s| display_path(&sources.get(s.file).path)),
                    severity: d.severity.as_str(),
                    code: d.code.as_str(),
                    message: &d.message,
                    range: d.span.map(|s| Range::of(sources, s)),
                    presumed: JsonPresumed::of(sources, d),
                    related: d
                        .related
                        .iter()
                        .map(|(span, label)| JsonRelated {
                            file: display_path(&sources.get(span.file).path),
                            message: label,
                            range: Range::of(sources, *span),
                        })
                        .collect(),
                    notes: &d.notes,
                })
            })
            .collect(),
    };
    serde_json::to_string(&document).expect("plain structs of strings and numbers serialize")
}

fn display_path(path: &Path) -> String {
    path.display().to_string()
}

// ---------------------------------------------------------------------------------------------
// SARIF 2.1.0

/// The schema SARIF consumers (GitHub code scanning among them) expect in `$schema`.
pub const SARIF_SCHEMA: &str = "https://json.schemastore.org/sarif-2.1.0.json";

#[derive(Serialize)]
struct SarifLog {
    #[serde(rename = "$schema")]
    schema: &'static str,
    version: &'static str,
    runs: [SarifRun; 1],
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SarifRun {
    tool: SarifTool,
    /// Columns count Unicode code points, as [`crate::source::LineCol`] does.
    column_kind: &'static str,
    results: Vec<SarifResult>,
}

#[derive(Serialize)]
struct SarifTool {
    driver: SarifDriver,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SarifDriver {
    name: &'static str,
    version: &'static str,
    rules: Vec<SarifRule>,
}

#[derive(Serialize)]
struct SarifRule {
    id: &'static str,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SarifResult {
    rule_id: &'static str,
    rule_index: usize,
    level: &'static str,
    message: SarifMessage,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    locations: Vec<SarifLocation>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    related_locations: Vec<SarifLocation>,
}

#[derive(Serialize)]
struct SarifMessage {
    text: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SarifLocation {
    #[serde(skip_serializing_if = "Option::is_none")]
    id: Option<usize>,
    physical_location: SarifPhysicalLocation,
    #[serde(skip_serializing_if = "Option::is_none")]
    message: Option<SarifMessage>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SarifPhysicalLocation {
    artifact_location: SarifArtifactLocation,
    region: SarifRegion,
}

#[derive(Serialize)]
struct SarifArtifactLocation {
    uri: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SarifRegion {
    start_line: u32,
    start_column: u32,
    end_line: u32,
    end_column: u32,
    /// In characters (code points), like the columns.
    char_offset: u32,
    char_length: u32,
}

/// Renders diagnostics as a SARIF 2.1.0 log with one run: one rule per distinct code, one result
/// per diagnostic, related spans as `relatedLocations`. Notes follow the message text, one
/// `note:` line each, since SARIF viewers show the message and little else.
pub fn sarif(sources: &SourceMap, diagnostics: &[Diagnostic]) -> String {
    sarif_many(&[(sources, diagnostics)])
}

/// [`sarif`] over several front-end runs (several files checked at once), in one log.
pub fn sarif_many(groups: &[Group<'_>]) -> String {
    let mut rules: Vec<DiagnosticCode> = Vec::new();
    let mut results = Vec::new();
    for &(sources, diagnostics) in groups {
        for d in diagnostics {
            let rule_index = match rules.iter().position(|&c| c == d.code) {
                Some(i) => i,
                None => {
                    rules.push(d.code);
                    rules.len() - 1
                }
            };
            let mut text = d.message.clone();
            for note in &d.notes {
                let _ = write!(text, "\nnote: {note}");
            }
            results.push(SarifResult {
                rule_id: d.code.as_str(),
                rule_index,
                level: match d.severity {
                    Severity::Error => "error",
                    Severity::Warning => "warning",
                    Severity::Note => "note",
                },
                message: SarifMessage { text },
                locations: d
                    .span
                    .map(|span| SarifLocation {
                        id: None,
                        physical_location: physical_location(sources, span),
                        message: None,
                    })
                    .into_iter()
                    .collect(),
                related_locations: d
                    .related
                    .iter()
                    .enumerate()
                    .map(|(i, (span, label))| SarifLocation {
                        id: Some(i),
                        physical_location: physical_location(sources, *span),
                        message: Some(SarifMessage {
                            text: label.clone(),
                        }),
                    })
                    .collect(),
            });
        }
    }
    let log = SarifLog {
        schema: SARIF_SCHEMA,
        version: "2.1.0",
        runs: [SarifRun {
            tool: SarifTool {
                driver: SarifDriver {
                    name: "fxbench",
                    version: env!("CARGO_PKG_VERSION"),
                    rules: rules.iter().map(|c| SarifRule { id: c.as_str() }).collect(),
                },
            },
            column_kind: "unicodeCodePoints",
            results,
        }],
    };
    serde_json::to_string(&log).expect("plain structs of strings and numbers serialize")
}

fn physical_location(sources: &SourceMap, span: Span) -> SarifPhysicalLocation {
    let file = sources.get(span.file);
    let start = file.line_col(span.start);
    let end = file.line_col(span.end);
    let chars_before = |offset: u32| {
        let mut offset = (offset as usize).min(file.text.len());
        while !file.text.is_char_boundary(offset) {
            offset -= 1;
        }
        file.text[..offset].chars().count() as u32
    };
    let char_offset = chars_before(span.start);
    SarifPhysicalLocation {
        artifact_location: SarifArtifactLocation {
            uri: file_uri(&file.path),
        },
        region: SarifRegion {
            start_line: start.line,
            start_column: start.column,
            end_line: end.line,
            end_column: end.column,
            char_offset,
            char_length: chars_before(span.end) - char_offset,
        },
    }
}

/// A URI reference for `path`: `file:///...` for an absolute path, a relative reference with `/`
/// separators otherwise; bytes outside RFC 3986's unreserved set and `/` are percent-encoded.
/// (Paths are all SARIF needs, which does not justify a URL crate.)
fn file_uri(path: &Path) -> String {
    let text = path.to_string_lossy().replace('\\', "/");
    let mut uri = String::new();
    if path.is_absolute() {
        uri.push_str("file://");
        if !text.starts_with('/') {
            // A Windows path such as C:/x becomes file:///C:/x.
            uri.push('/');
        }
    }
    for b in text.bytes() {
        let keep = b.is_ascii_alphanumeric()
            || b"-._~/".contains(&b)
            || (b == b':' && uri.starts_with("file://"));
        if keep {
            uri.push(b as char);
        } else {
            let _ = write!(uri, "%{b:02X}");
        }
    }
    uri
}

/// Counts diagnostics across groups: (errors, warnings).
pub fn count(groups: &[Group<'_>]) -> (usize, usize) {
    let all = || groups.iter().flat_map(|(_, ds)| ds.iter());
    (
        all().filter(|d| d.severity == Severity::Error).count(),
        all().filter(|d| d.severity == Severity::Warning).count(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "one\ntwo\nthree\n    let v = c.xyzw;\nfive\nsix\nseven\n";

    /// One error on `xyzw` in line 4 with a related span on `two` and a note, one warning on
    /// the first line, and one error without a span.
    fn sample() -> (SourceMap, Vec<Diagnostic>) {
        let mut sources = SourceMap::new();
        let file = sources.add("fx.wfx", TEXT);
        let at = |needle: &str| {
            let start = TEXT.find(needle).expect("needle in text");
            Span::new(file, start, start + needle.len())
        };
        let diagnostics = vec![
            Diagnostic::error(
                DiagnosticCode::UndeclaredIdentifier,
                at("xyzw"),
                "'xyzw' : no such field",
            )
            .with_related(at("two"), "declared here")
            .with_note("swizzles take at most 4 components"),
            Diagnostic::warning(DiagnosticCode::InvalidAnnotation, at("one"), "'one' : odd"),
            Diagnostic::error(DiagnosticCode::IoError, None, "'x.wfx' : cannot read"),
        ];
        (sources, diagnostics)
    }

    #[test]
    fn human_shows_context_carets_related_and_notes() {
        let (sources, diagnostics) = sample();
        let expected = "\
fx.wfx:4:15: error[UndeclaredIdentifier]: 'xyzw' : no such field
  |
2 | two
3 | three
4 |     let v = c.xyzw;
  |               ^^^^
5 | five
6 | six
  = related: fx.wfx:2:1: declared here
  = note: swizzles take at most 4 components

fx.wfx:1:1: warning[InvalidAnnotation]: 'one' : odd
  |
1 | one
  | ^^^
2 | two
3 | three

error[IoError]: 'x.wfx' : cannot read

";
        assert_eq!(human(&sources, &diagnostics, Colors::Plain), expected);
    }

    /// `#line 50 "b.fx"` on line 2 of [`TEXT`]'s copy: line 4 is reported as 51, the snippet
    /// shows the real text, and only a preprocessor diagnostic takes the name.
    #[test]
    fn a_line_directive_renumbers_what_is_reported() {
        let mut sources = SourceMap::new();
        let file = sources.add("fx.wfx", TEXT);
        sources.add_line_directive(file, 3, 50, Some("b.fx".into()));
        let start = TEXT.find("xyzw").expect("in text");
        let span = Span::new(file, start, start + 4);
        let compiler = Diagnostic::error(DiagnosticCode::UndeclaredIdentifier, span, "'xyzw'");
        let preprocessor = Diagnostic::error(DiagnosticCode::PreprocessorError, span, "stop");
        let diagnostics = [compiler, preprocessor];
        assert_eq!(
            short(&sources, &diagnostics),
            "fx.wfx:51:15: error[UndeclaredIdentifier]: 'xyzw'\n\
             b.fx:51:15: error[PreprocessorError]: stop"
        );
        let expected = "\
fx.wfx:51:15: error[UndeclaredIdentifier]: 'xyzw'
  |
2 | two
3 | three
4 |     let v = c.xyzw;
  |               ^^^^
5 | five
6 | six
  = note: the text is at fx.wfx:4:15 (numbered above as ReShade reports it: a `#line`, or how its compiler counts lines)

";
        assert_eq!(human(&sources, &diagnostics[..1], Colors::Plain), expected);
        let json: serde_json::Value =
            serde_json::from_str(&json(&sources, &diagnostics)).expect("valid JSON");
        let d = &json["diagnostics"];
        assert_eq!(d[0]["range"]["start"]["line"], 4);
        assert_eq!(
            d[0]["presumed"],
            serde_json::json!({"file": "fx.wfx", "line": 51, "column": 15})
        );
        assert_eq!(
            d[1]["presumed"],
            serde_json::json!({"file": "b.fx", "line": 51, "column": 15})
        );
    }

    #[test]
    fn human_multi_line_range_underlines_to_end_of_first_line_and_keeps_tabs() {
        let mut sources = SourceMap::new();
        let text = "a\n\tb = c\nd\n";
        let file = sources.add("t.wfx", text);
        let start = text.find('b').unwrap();
        let d = Diagnostic::error(
            DiagnosticCode::SyntaxError,
            Span::new(file, start, text.len()),
            "m",
        );
        let expected = "\
t.wfx:2:2: error[SyntaxError]: m
  |
1 | a
2 | \tb = c
  | \t^^^^^
3 | d

";
        assert_eq!(human(&sources, &[d], Colors::Plain), expected);
    }

    #[test]
    fn human_empty_range_gets_one_caret_and_wide_gutter() {
        let mut sources = SourceMap::new();
        let text: String = (1..=12).map(|i| format!("l{i}\n")).collect();
        let file = sources.add("t.wgsl", text.clone());
        let offset = text.find("l10").unwrap() + 3;
        let d = Diagnostic::error(
            DiagnosticCode::WgslParseError,
            Span::new(file, offset, offset),
            "expected ';'",
        );
        let expected = "\
t.wgsl:10:4: error[WgslParseError]: expected ';'
   |
 8 | l8
 9 | l9
10 | l10
   |    ^
11 | l11
12 | l12

";
        assert_eq!(human(&sources, &[d], Colors::Plain), expected);
    }

    #[test]
    fn human_colours_only_when_asked() {
        let (sources, diagnostics) = sample();
        let plain = human(&sources, &diagnostics, Colors::Plain);
        let ansi = human(&sources, &diagnostics, Colors::Ansi);
        assert!(!plain.contains('\x1b'));
        assert!(
            ansi.starts_with("\x1b[1mfx.wfx:4:15: \x1b[1;31merror[UndeclaredIdentifier]\x1b[0m")
        );
        assert!(ansi.contains("\x1b[1;33mwarning[InvalidAnnotation]\x1b[0m"));
        // Stripping the escapes gives the plain text back.
        let mut stripped = String::new();
        let mut rest = ansi.as_str();
        while let Some(i) = rest.find('\x1b') {
            stripped.push_str(&rest[..i]);
            rest = &rest[i + rest[i..].find('m').unwrap() + 1..];
        }
        stripped.push_str(rest);
        assert_eq!(stripped, plain);
    }

    #[test]
    fn json_has_ranges_related_and_notes() {
        let (sources, diagnostics) = sample();
        let expected = concat!(
            r#"{"diagnostics":["#,
            r#"{"file":"fx.wfx","severity":"error","code":"UndeclaredIdentifier","#,
            r#""message":"'xyzw' : no such field","#,
            r#""range":{"start":{"line":4,"column":15,"offset":28},"end":{"line":4,"column":19,"offset":32}},"#,
            r#""related":[{"file":"fx.wfx","message":"declared here","#,
            r#""range":{"start":{"line":2,"column":1,"offset":4},"end":{"line":2,"column":4,"offset":7}}}],"#,
            r#""notes":["swizzles take at most 4 components"]},"#,
            r#"{"file":"fx.wfx","severity":"warning","code":"InvalidAnnotation","message":"'one' : odd","#,
            r#""range":{"start":{"line":1,"column":1,"offset":0},"end":{"line":1,"column":4,"offset":3}}},"#,
            r#"{"file":null,"severity":"error","code":"IoError","message":"'x.wfx' : cannot read","range":null}"#,
            r#"]}"#,
        );
        assert_eq!(json(&sources, &diagnostics), expected);
    }

    #[test]
    fn json_of_nothing_is_an_empty_array() {
        assert_eq!(json(&SourceMap::new(), &[]), r#"{"diagnostics":[]}"#);
    }

    #[test]
    fn sarif_has_rules_results_and_related_locations() {
        let (sources, diagnostics) = sample();
        let expected = concat!(
            r#"{"$schema":"https://json.schemastore.org/sarif-2.1.0.json","version":"2.1.0","runs":[{"#,
            r#""tool":{"driver":{"name":"fxbench","version":"VERSION","rules":["#,
            r#"{"id":"UndeclaredIdentifier"},{"id":"InvalidAnnotation"},{"id":"IoError"}]}},"#,
            r#""columnKind":"unicodeCodePoints","results":["#,
            r#"{"ruleId":"UndeclaredIdentifier","ruleIndex":0,"level":"error","#,
            r#""message":{"text":"'xyzw' : no such field\nnote: swizzles take at most 4 components"},"#,
            r#""locations":[{"physicalLocation":{"artifactLocation":{"uri":"fx.wfx"},"#,
            r#""region":{"startLine":4,"startColumn":15,"endLine":4,"endColumn":19,"charOffset":28,"charLength":4}}}],"#,
            r#""relatedLocations":[{"id":0,"physicalLocation":{"artifactLocation":{"uri":"fx.wfx"},"#,
            r#""region":{"startLine":2,"startColumn":1,"endLine":2,"endColumn":4,"charOffset":4,"charLength":3}},"#,
            r#""message":{"text":"declared here"}}]},"#,
            r#"{"ruleId":"InvalidAnnotation","ruleIndex":1,"level":"warning","message":{"text":"'one' : odd"},"#,
            r#""locations":[{"physicalLocation":{"artifactLocation":{"uri":"fx.wfx"},"#,
            r#""region":{"startLine":1,"startColumn":1,"endLine":1,"endColumn":4,"charOffset":0,"charLength":3}}}]},"#,
            r#"{"ruleId":"IoError","ruleIndex":2,"level":"error","message":{"text":"'x.wfx' : cannot read"}}"#,
            r#"]}]}"#,
        )
        .replace("VERSION", env!("CARGO_PKG_VERSION"));
        assert_eq!(sarif(&sources, &diagnostics), expected);
    }

    #[test]
    fn sarif_counts_characters_not_bytes_and_merges_rules_across_groups() {
        let mut a = SourceMap::new();
        let text = "// é\nx";
        let file = a.add("dir with space/é.wfx", text);
        let d = Diagnostic::error(DiagnosticCode::SyntaxError, Span::new(file, 6, 7), "m");
        let b = SourceMap::new();
        let log = sarif_many(&[
            (&a, std::slice::from_ref(&d)),
            (&b, &[]),
            (&a, std::slice::from_ref(&d)),
        ]);
        let value: serde_json::Value = serde_json::from_str(&log).unwrap();
        let run = &value["runs"][0];
        assert_eq!(run["tool"]["driver"]["rules"].as_array().unwrap().len(), 1);
        assert_eq!(run["results"].as_array().unwrap().len(), 2);
        let location = &run["results"][1]["locations"][0]["physicalLocation"];
        assert_eq!(
            location["artifactLocation"]["uri"],
            "dir%20with%20space/%C3%A9.wfx"
        );
        assert_eq!(location["region"]["charOffset"], 5);
        assert_eq!(location["region"]["startLine"], 2);
    }

    #[test]
    fn absolute_paths_become_file_uris() {
        assert_eq!(file_uri(Path::new("/a b/c.wfx")), "file:///a%20b/c.wfx");
        assert_eq!(file_uri(Path::new("a:b.wfx")), "a%3Ab.wfx");
    }

    #[test]
    fn count_splits_errors_and_warnings() {
        let (sources, diagnostics) = sample();
        assert_eq!(
            count(&[(&sources, &diagnostics), (&sources, &diagnostics[..1])]),
            (3, 1)
        );
    }
}
