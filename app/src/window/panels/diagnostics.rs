//! Front-end diagnostics of the open effects: one row each with its location, the CLI's code
//! snippet on hover, its related spans ("first defined here") as rows of their own, and notes.
//! Clicking a row that has a location opens the file in the editor at that range.

use std::path::PathBuf;

use analysis::source::LineCol;

use crate::session::buffer::canonical;
use crate::session::document::Compiled;
use crate::window::Command;

/// Where a diagnostic or a related span points: a file and a range of 1-based lines and
/// character columns (the end exclusive, as the front end reports it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Target {
    /// Canonical where the file exists, to match the editor's tabs.
    pub path: PathBuf,
    pub start: LineCol,
    pub end: LineCol,
}

/// A related span of a diagnostic.
#[derive(Clone, Debug, PartialEq)]
pub struct Related {
    pub label: String,
    pub location: String,
    pub target: Target,
}

/// A diagnostic rendered for display.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub severity: analysis::Severity,
    /// `path:line:column`, empty for a diagnostic without a span.
    pub location: String,
    /// `[Code] message`.
    pub text: String,
    /// The bare message, for the editor's hover.
    pub message: String,
    pub target: Option<Target>,
    pub related: Vec<Related>,
    pub notes: Vec<String>,
    /// What `fxbench check` prints for it: context lines and carets.
    pub snippet: String,
}

fn target(sources: &analysis::SourceMap, span: analysis::Span) -> Target {
    let location = sources.location(span);
    Target {
        path: canonical(location.path),
        start: location.start,
        end: location.end,
    }
}

/// At most this many rows per file: past it a file is not an effect an author is fixing line by
/// line, and thousands of rows (each with its snippet) would cost memory and every frame.
pub const MAX_ROWS_PER_FILE: usize = 200;

pub fn rows(compiled: &Compiled) -> Vec<Row> {
    let mut rows = Vec::new();
    for output in &compiled.outputs {
        for d in output.diagnostics.iter().take(MAX_ROWS_PER_FILE) {
            rows.push(row(output, d));
        }
        let more = output.diagnostics.len().saturating_sub(MAX_ROWS_PER_FILE);
        if more > 0 {
            let file = output
                .sources
                .read_files()
                .next()
                .map(|f| f.path.display().to_string())
                .unwrap_or_default();
            rows.push(Row {
                severity: analysis::Severity::Note,
                location: String::new(),
                text: format!("... and {more} more in {file} (`fxbench check` lists them all)"),
                message: String::new(),
                target: None,
                related: Vec::new(),
                notes: Vec::new(),
                snippet: String::new(),
            });
        }
    }
    rows
}

fn row(output: &analysis::LoadOutput, d: &analysis::Diagnostic) -> Row {
    Row {
        severity: d.severity,
        // Shown as reported (after `#line`); the target, where a click goes, is the real text.
        location: d
            .reported_location(&output.sources)
            .map(|l| l.to_string())
            .unwrap_or_default(),
        text: format!("[{}] {}", d.code, d.message),
        message: d.message.clone(),
        target: d.span.map(|s| target(&output.sources, s)),
        related: d
            .related
            .iter()
            .map(|(span, label)| Related {
                label: label.clone(),
                location: d.reported_related(&output.sources, *span).to_string(),
                target: target(&output.sources, *span),
            })
            .collect(),
        notes: d.notes.clone(),
        snippet: analysis::render::human(
            &output.sources,
            std::slice::from_ref(d),
            analysis::render::Colors::Plain,
        ),
    }
}

/// Draws the rows; a click on one with a location asks to open it ([`Command::OpenAt`]).
pub fn diagnostics_ui(ui: &mut egui::Ui, rows: &[Row]) -> Vec<Command> {
    let mut commands = Vec::new();
    if rows.is_empty() {
        ui.weak("No problems found.");
        return commands;
    }
    let errors = rows
        .iter()
        .filter(|r| r.severity == analysis::Severity::Error)
        .count();
    ui.weak(format!(
        "{errors} error(s), {} warning(s)",
        rows.len() - errors
    ));
    egui::ScrollArea::both()
        .id_salt("diagnostics")
        .auto_shrink([false, false])
        .show(ui, |ui| {
            for row in rows {
                let color = match row.severity {
                    analysis::Severity::Error => ui.visuals().error_fg_color,
                    analysis::Severity::Warning => ui.visuals().warn_fg_color,
                    analysis::Severity::Note => ui.visuals().weak_text_color(),
                };
                let text = format!("{}: {}", row.severity.as_str(), row.text);
                let response = ui
                    .add(
                        egui::Label::new(egui::RichText::new(text).color(color))
                            .sense(egui::Sense::click()),
                    )
                    .on_hover_ui(|ui| {
                        ui.label(egui::RichText::new(&row.snippet).monospace());
                    });
                if let Some(target) = &row.target {
                    let location = ui.link(&row.location).on_hover_text("Open in the editor");
                    if response.clicked() || location.clicked() {
                        commands.push(Command::OpenAt(target.clone()));
                    }
                }
                for related in &row.related {
                    ui.horizontal(|ui| {
                        ui.add_space(16.0);
                        ui.weak(format!("{}:", related.label));
                        if ui
                            .link(&related.location)
                            .on_hover_text("Open in the editor")
                            .clicked()
                        {
                            commands.push(Command::OpenAt(related.target.clone()));
                        }
                    });
                }
                for note in &row.notes {
                    ui.horizontal(|ui| {
                        ui.add_space(16.0);
                        ui.weak(format!("note: {note}"));
                    });
                }
                ui.add_space(4.0);
            }
        });
    commands
}
