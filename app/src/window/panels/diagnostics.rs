//! Front-end diagnostics of the open effects, one row each.

use crate::session::document::Compiled;

/// A diagnostic rendered for display.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub severity: analysis::Severity,
    pub location: String,
    pub text: String,
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
        })
        .collect()
}

pub fn diagnostics_ui(ui: &mut egui::Ui, rows: &[Row]) {
    ui.heading("Diagnostics");
    if rows.is_empty() {
        ui.weak("No problems found.");
        return;
    }
    egui::ScrollArea::vertical()
        .id_salt("diagnostics")
        .show(ui, |ui| {
            for row in rows {
                let color = match row.severity {
                    analysis::Severity::Error => ui.visuals().error_fg_color,
                    analysis::Severity::Warning => ui.visuals().warn_fg_color,
                    analysis::Severity::Note => ui.visuals().weak_text_color(),
                };
                ui.colored_label(color, format!("{}: {}", row.severity.as_str(), row.text));
                if !row.location.is_empty() {
                    ui.weak(&row.location);
                }
            }
        });
}
