//! The shader debugger's values in the editor (issue #25): at the end of each line the last
//! trace recorded a value on, that value in a dim colour (`×N` when the line recorded more than
//! once; every value it took on hover), and the lines of the traced functions that did not run for the pixel greyed. The
//! marks belong to one trace; the editor drops them when its text changes, and the window when
//! another effect opens or the chain is rebuilt.

use std::path::{Path, PathBuf};

use analysis::debug::TraceTable;

use crate::session::debug::{LineMarks, TraceRow, line_marks};

/// A trace's marks, computed per file as the editor shows it.
#[derive(Debug)]
pub struct TraceMarks {
    rows: Vec<TraceRow>,
    table: TraceTable,
    /// The marks of the file last asked for.
    cache: Option<(PathBuf, LineMarks)>,
}

impl TraceMarks {
    /// The marks of a trace's `rows`, read against its effect's `table`.
    pub fn new(rows: Vec<TraceRow>, table: TraceTable) -> Self {
        Self {
            rows,
            table,
            cache: None,
        }
    }

    /// What the trace puts on the lines of `path` (canonical), computed afresh.
    pub fn compute(&self, path: &Path) -> LineMarks {
        line_marks(&self.rows, &self.table, path)
    }

    /// [`Self::compute`], kept for the next frame while the same file is shown.
    pub fn for_path(&mut self, path: &Path) -> &LineMarks {
        if self.cache.as_ref().is_none_or(|(p, _)| p != path) {
            let marks = self.compute(path);
            self.cache = Some((path.to_path_buf(), marks));
        }
        &self.cache.as_ref().expect("just filled").1
    }
}

/// Paints `marks` over the text laid out in `galley` at `origin`: each traced line's value after
/// its last character, and a veil over the lines that did not run.
pub fn paint(ui: &egui::Ui, galley: &egui::Galley, origin: egui::Pos2, marks: &LineMarks) {
    if marks.values.is_empty() && marks.not_run.is_empty() {
        return;
    }
    let font = egui::TextStyle::Monospace.resolve(ui.style());
    let dim = ui.visuals().weak_text_color().gamma_multiply(0.8);
    let veil = ui.visuals().panel_fill.gamma_multiply(0.6);
    let clip = ui.clip_rect();
    let mut line = 1u32;
    let mut first_row: Option<egui::Rect> = None;
    for row in &galley.rows {
        let rect = row.rect().translate(origin.to_vec2());
        let start = *first_row.get_or_insert(rect);
        if row.ends_with_newline || std::ptr::eq(row, galley.rows.last().expect("a row")) {
            let whole = start.union(rect);
            if whole.bottom() >= clip.top() && whole.top() <= clip.bottom() {
                if let Some(value) = marks.values.get(&line) {
                    let at = ui.painter().text(
                        egui::pos2(rect.right() + font.size * 2.0, rect.top()),
                        egui::Align2::LEFT_TOP,
                        value.label(),
                        font.clone(),
                        dim,
                    );
                    if value.records.len() > 1 {
                        // A loop's line: every value it took, on hover.
                        ui.interact(
                            at,
                            ui.scope_id().with(("trace values", line)),
                            egui::Sense::hover(),
                        )
                        .on_hover_text(value.records.join("\n"));
                    }
                }
                if marks.not_run.contains(&line) {
                    let band = egui::Rect::from_x_y_ranges(
                        whole.left()..=whole.right().max(whole.left() + font.size),
                        whole.y_range(),
                    );
                    ui.painter().rect_filled(band, 0.0, veil);
                }
            }
            first_row = None;
            line += 1;
        }
    }
}
