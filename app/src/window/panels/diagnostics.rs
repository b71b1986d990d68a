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

pub fn rows(compiled: &Compiled) -> Vec<Row> {
    compiled
        .diagnostics()
        .map(|(output, d)| Row {
            severity: d.severity,
            location: d
                .span
                .map(|s| output.sources.location(s).to_string())
                .unwrap_or_default(),
            text: format!("[{}] {}", d.code, d.message),
            message: d.message.clone(),
            target: d.span.map(|s| target(&output.sources, s)),
            related: d
                .related
                .iter()
                .map(|(span, label)| Related {
                    label: label.clone(),
                    location: output.sources.location(*span).to_string(),
                    target: target(&output.sources, *span),
                })
                .collect(),
            notes: d.notes.clone(),
            snippet: analysis::render::human(
                &output.sources,
                std::slice::from_ref(d),
                analysis::render::Colors::Plain,
            ),
        })
        .collect()
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
