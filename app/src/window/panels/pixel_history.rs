//! The Debug pane's pixel history (issue #25): for the pixel clicked (or typed and asked with
//! History), every pass of the frame in run order with what it wrote there in each target:
//! before, what the pixel shader returned and after, as swatches and values, with the reason
//! when the value kept is not what the shader returned (blending, a failed stencil test, a
//! discard, the write mask). It is recorded by the window (`window/trace.rs`,
//! `EffectChain::begin_history`); a click on a pass chooses it for the trace.

use std::time::{Duration, Instant};

use engine::TechniqueKey;
use engine::chain::{PassHistory, PixelHistory, TargetHistory};

use crate::session::inspect::{INFINITY_COLOUR, NAN_COLOUR};

/// Where the pane's pixel history stands.
#[derive(Default)]
pub enum HistoryState {
    /// Nothing asked, or what was recorded went stale (the chain rebuilt, the code edited).
    #[default]
    Idle,
    /// Set up to ride along with the next frame; read back once the GPU is done.
    Recording {
        pixel: [u32; 2],
        began: Instant,
        ui_time: Duration,
    },
    Done {
        history: PixelHistory,
        /// Setting it up (its replay pipelines) on the UI thread.
        ui_time: Duration,
        /// From set up to read back.
        latency: Duration,
    },
    Failed(String),
}

/// Draws the history; returns the pass whose heading was clicked.
pub fn history_ui(ui: &mut egui::Ui, state: &HistoryState) -> Option<(TechniqueKey, usize)> {
    let (history, ui_time, latency) = match state {
        HistoryState::Idle => return None,
        HistoryState::Recording { pixel, .. } => {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(format!(
                    "recording the history of pixel {},{}...",
                    pixel[0], pixel[1]
                ));
            });
            ui.ctx().request_repaint();
            return None;
        }
        HistoryState::Failed(why) => {
            ui.colored_label(ui.visuals().error_fg_color, format!("Pixel history: {why}"));
            return None;
        }
        HistoryState::Done {
            history,
            ui_time,
            latency,
        } => (history, ui_time, latency),
    };
    let [x, y] = history.pixel;
    let mut picked = None;
    ui.label(format!(
        "Pixel history at {x},{y}: {} passes",
        history.passes.len()
    ));
    ui.weak(format!(
        "set up in {:.1} ms, read back after {:.0} ms; values as the targets store them; \
         click a pass to trace it here",
        ui_time.as_secs_f64() * 1e3,
        latency.as_secs_f64() * 1e3
    ));
    // Vertical only: a horizontal bar would lie over the last row and take its clicks.
    egui::ScrollArea::vertical()
        .id_salt("pixel history rows")
        .show(ui, |ui| {
            egui::Grid::new("pixel history grid")
                .striped(true)
                .num_columns(6)
                .show(ui, |ui| {
                    for header in ["Pass", "Target", "Before", "Returned", "After", ""] {
                        ui.strong(header);
                    }
                    ui.end_row();
                    for pass in &history.passes {
                        if pass_rows(ui, pass) {
                            picked = Some((pass.pass.key, pass.pass.pass));
                        }
                    }
                });
        });
    picked
}

/// One row per target of `pass` (its heading on the first); whether the heading was clicked.
fn pass_rows(ui: &mut egui::Ui, pass: &PassHistory) -> bool {
    let mut clicked = false;
    for (k, target) in pass.targets.iter().enumerate() {
        if k == 0 {
            let heading = ui
                .add(
                    egui::Label::new(format!("{}/{}", pass.technique, pass.name))
                        .sense(egui::Sense::click()),
                )
                .on_hover_text(fragments_text(pass));
            clicked |= heading.clicked();
        } else {
            ui.label("");
        }
        target_row(ui, target);
        ui.end_row();
    }
    clicked
}

fn fragments_text(pass: &PassHistory) -> String {
    match (pass.compute, pass.fragments, pass.stencil_passed) {
        (true, _, _) => "a compute pass; click to trace it".to_string(),
        (false, Some(f), Some(s)) => {
            format!("{f} fragment(s), {s} past the stencil test; click to trace this pass")
        }
        (false, Some(f), None) => format!("{f} fragment(s); click to trace this pass"),
        (false, None, _) => "click to trace this pass".to_string(),
    }
}

fn target_row(ui: &mut egui::Ui, target: &TargetHistory) {
    ui.label(format!(
        "{} [{},{}]",
        target.name, target.texel[0], target.texel[1]
    ));
    value_cell(ui, Some(target.before));
    value_cell(ui, target.returned);
    value_cell(ui, Some(target.after));
    let notes: Vec<&str> = target.notes.iter().map(|n| n.describe()).collect();
    if notes.is_empty() && !target.changed() {
        ui.weak("unchanged");
    } else {
        ui.label(notes.join(", "));
    }
}

/// A swatch and the value, or a dash.
fn value_cell(ui: &mut egui::Ui, value: Option<[f32; 4]>) {
    let Some(v) = value else {
        ui.weak("–");
        return;
    };
    ui.horizontal(|ui| {
        let (rect, _) = ui.allocate_exact_size(egui::vec2(12.0, 12.0), egui::Sense::hover());
        // NaN and infinities in the inspector's warning colours.
        let rgb = &v[..3];
        let [r, g, b, _] = if rgb.iter().any(|c| c.is_nan()) {
            NAN_COLOUR
        } else if rgb.iter().any(|c| c.is_infinite()) {
            INFINITY_COLOUR
        } else {
            v.map(|c| (c.clamp(0.0, 1.0) * 255.0).round() as u8)
        };
        ui.painter()
            .rect_filled(rect, 2.0, egui::Color32::from_rgb(r, g, b));
        ui.monospace(value_text(v));
    });
}

/// `0.400 0.200 0.800 1.000`, NaN and infinities as words.
pub fn value_text(v: [f32; 4]) -> String {
    let channel = |c: f32| {
        if c.is_finite() {
            format!("{c:.3}")
        } else {
            // As the trace marks them.
            analysis::debug::format_scalar(analysis::ScalarKind::Float, c.to_bits())
        }
    };
    v.map(channel).join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_print_three_decimals_and_mark_nan_and_infinities() {
        assert_eq!(value_text([0.4, 0.2, 0.8, 1.0]), "0.400 0.200 0.800 1.000");
        assert_eq!(
            value_text([f32::NAN, f32::INFINITY, f32::NEG_INFINITY, -0.5]),
            "NaN inf -inf -0.500"
        );
    }
}
