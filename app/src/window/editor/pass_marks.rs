//! The shader debugger's way in from the code (issue #25): a marker in the gutter on the line of
//! each pass of the running chain that the file shown declares. Clicking it chooses that pass
//! in the Debug pane and records it at the pixel (or thread) chosen there, as a click on the
//! pass in the pixel history does ([`Command::DebugPass`]).
//!
//! The marks are read from the chain each frame the editor is drawn (a hash lookup per pass),
//! so they follow every rebuild, reorder and open without being told; only the canonical form
//! of each effect's paths is kept, to match the tabs' (canonical) paths without asking the file
//! system every frame.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use engine::{EffectChain, TechniqueKey};

use crate::session::buffer::canonical;
use crate::window::Command;

/// A pass declared on a line of the file shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PassMark {
    /// 1-based line of the pass's declaration.
    pub line: u32,
    pub technique: TechniqueKey,
    /// The pass's index in its technique.
    pub pass: usize,
    /// `Technique/pass`, as the Debug pane names it.
    pub label: String,
}

impl PassMark {
    /// What a click on the marker asks for.
    pub fn command(&self) -> Command {
        Command::DebugPass {
            technique: self.technique,
            pass: self.pass,
        }
    }
}

/// The canonical paths of the effects' files, as the tabs name them.
#[derive(Default)]
pub struct PassMarks {
    canonical: HashMap<PathBuf, PathBuf>,
}

impl PassMarks {
    /// The passes of `chain`, in run order, declared in `path` (canonical).
    pub fn in_file(&mut self, chain: &EffectChain, path: &Path) -> Vec<PassMark> {
        let mut marks = Vec::new();
        for &key in chain.order() {
            let effect = chain.effect(key.effect);
            let technique = chain.technique(key);
            for (index, pass) in technique.passes.iter().enumerate() {
                let Some((file, start)) = effect.place(pass.span()) else {
                    continue;
                };
                let file = self
                    .canonical
                    .entry(file.to_path_buf())
                    .or_insert_with(|| canonical(file));
                if file == path {
                    marks.push(PassMark {
                        line: start.line,
                        technique: key,
                        pass: index,
                        label: crate::window::panels::debugger::pass_label(chain, key, index),
                    });
                }
            }
        }
        marks
    }
}

/// Draws the markers of `marks` whose line is shown, each a small triangle left of the line
/// number, in the gutter `strip`; returns the command of the one clicked. `rows` gives each
/// visible line's vertical range.
pub fn markers_ui(
    ui: &egui::Ui,
    strip: egui::Rect,
    rows: &[(u32, egui::Rangef)],
    marks: &[PassMark],
) -> Option<Command> {
    let mut clicked = None;
    let colour = ui.visuals().selection.stroke.color;
    for (line, range) in rows {
        let Some(mark) = marks.iter().find(|m| m.line == *line) else {
            continue;
        };
        let size = (range.max - range.min).min(strip.width() * 0.3);
        let rect = egui::Rect::from_min_size(
            egui::pos2(strip.left() + 2.0, range.min),
            egui::vec2(size, range.max - range.min),
        );
        let response = ui
            .interact(
                rect,
                ui.make_persistent_id(("debug pass marker", *line)),
                egui::Sense::click(),
            )
            .on_hover_text("Record what this pass's code computes at the Debug pane's pixel");
        let label = format!("Debug {}", mark.label);
        response
            .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, ui.is_enabled(), &label));
        let fill = if response.hovered() {
            ui.visuals().strong_text_color()
        } else {
            colour
        };
        let c = rect.center();
        let h = size * 0.3;
        ui.painter().add(egui::Shape::convex_polygon(
            vec![
                egui::pos2(c.x - h * 0.8, c.y - h),
                egui::pos2(c.x + h, c.y),
                egui::pos2(c.x - h * 0.8, c.y + h),
            ],
            fill,
            egui::Stroke::NONE,
        ));
        if response.clicked() {
            clicked = Some(mark.command());
        }
    }
    clicked
}
