//! Diagnostic renderers: human-readable text with source context, JSON, and SARIF 2.1.0.
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
    let _ = writeln!(
        out,
        "{}{}:{}:{}: {}{}[{}]{}{}: {}{}",
        p.bold,
        file.path.display(),
        start.line,
        start.column,
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
            sources.location(*span)
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
    #[serde(skip_serializing_if = "Vec::is_empty")]
    related: Vec<JsonRelated<'a>>,
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    notes: &'a [String],
}

#[derive(Serialize)]
struct JsonRelated<'a> {
    file: String,
    message: &'a str,
    range: Range,
}

/// Renders diagnostics as one JSON document:
/// `{"diagnostics":[{"file","severity","code","message","range"}, ...]}`, with `related` and
/// `notes` arrays added when non-empty. A diagnostic without a span has `file` and `range` null.
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
