//! The code editor: a tab per open effect and per header it includes, coloured by syntect
//! ([`highlight`]), with line numbers, the current line highlighted, diagnostics underlined at
//! their ranges (message on hover, marker in the gutter), find (Ctrl+F) and go to line (Ctrl+G).
//! Each pass of the running chain has a marker in the gutter that chooses it in the Debug pane
//! ([`pass_marks`]).
//!
//! The buffers are the session layer's ([`Buffer`]): the window compiles them unsaved (off the UI
//! thread, `session::background`) and saves them atomically. Editing only marks the panel as
//! edited; the window decides when to compile.

pub mod highlight;
pub mod pass_marks;
mod search;
pub mod text;
pub mod trace_marks;

use std::path::{Path, PathBuf};

use analysis::Severity;
use egui::text::{CCursor, CCursorRange};

use crate::session::buffer::{Buffer, BufferError, DiskChange, OverlayLoader, canonical};
use crate::window::Command;
use crate::window::panels::diagnostics::{Row, Target};
use highlight::{HighlightCache, Underline};

/// One open file.
struct Tab {
    buffer: Buffer,
    highlight: HighlightCache,
}

/// A diagnostic's place in a file, for underlines, hovers and gutter markers.
#[derive(Clone, Debug)]
struct Mark {
    target: Target,
    severity: Severity,
    message: String,
}

/// A range to select (character indices) and scroll to on the next frame.
#[derive(Clone, Copy, Debug)]
struct Pending {
    start: usize,
    end: usize,
}

/// State of the editor panel.
#[derive(Default)]
pub struct EditorPanel {
    tabs: Vec<Tab>,
    active: usize,
    marks: Vec<Mark>,
    search: search::SearchBars,
    pending: Option<Pending>,
    /// The active tab's selection after the last frame, in characters.
    selection: Option<(usize, usize)>,
    /// Files that could not be opened, said once in the panel.
    error: Option<String>,
    /// Where the tabs were drawn last frame, in tab order.
    tab_rects: Vec<egui::Rect>,
    /// Where the line numbers were drawn last frame, and how far the text was scrolled.
    gutter: Option<(egui::Rect, egui::Vec2)>,
    /// The shader debugger's values at line ends, until the text changes.
    trace: Option<trace_marks::TraceMarks>,
    /// The running chain's passes, for the gutter's markers.
    passes: pass_marks::PassMarks,
    /// The markers drawn last frame (tests).
    pass_markers: Vec<pass_marks::PassMark>,
}

impl EditorPanel {
    /// Makes sure every file in `files` has a tab (in that order, after those already open that
    /// stay); clean tabs of files no longer used close, edited ones stay.
    pub fn set_files(&mut self, files: impl IntoIterator<Item = PathBuf>) {
        let wanted: Vec<PathBuf> = files.into_iter().map(|p| canonical(&p)).collect();
        let active = self.active_path().map(Path::to_path_buf);
        self.tabs
            .retain(|t| t.buffer.is_dirty() || wanted.iter().any(|w| w == t.buffer.path()));
        for path in wanted {
            if self.find_tab(&path).is_none() {
                // A file that cannot be read is reported above the editor by `open_tab`.
                let _ = self.open_tab(&path);
            }
        }
        self.active = active
            .and_then(|p| self.find_tab(&p))
            .unwrap_or(0)
            .min(self.tabs.len().saturating_sub(1));
    }

    fn find_tab(&self, path: &Path) -> Option<usize> {
        let path = canonical(path);
        self.tabs.iter().position(|t| t.buffer.path() == path)
    }

    /// Opens `path` in a new tab; a file that cannot be read is also shown above the editor.
    fn open_tab(&mut self, path: &Path) -> Result<usize, BufferError> {
        match Buffer::open(path) {
            Ok(buffer) => {
                self.tabs.push(Tab {
                    buffer,
                    highlight: HighlightCache::default(),
                });
                Ok(self.tabs.len() - 1)
            }
            Err(e) => {
                self.error = Some(e.to_string());
                Err(e)
            }
        }
    }

    /// Diagnostics to underline, from the diagnostics panel's rows.
    pub fn set_diagnostics(&mut self, rows: &[Row]) {
        self.marks = rows
            .iter()
            .filter_map(|r| {
                Some(Mark {
                    target: r.target.clone()?,
                    severity: r.severity,
                    message: r.text.clone(),
                })
            })
            .collect();
    }

    /// Shows a trace's values at line ends ([`trace_marks`]), or none.
    pub fn set_trace(&mut self, marks: Option<trace_marks::TraceMarks>) {
        self.trace = marks;
    }

    /// The debugger's label at the end of 1-based `line` of the active tab, if it has one.
    pub fn trace_label(&self, line: u32) -> Option<String> {
        let marks = self.trace.as_ref()?.compute(self.active_path()?);
        marks.values.get(&line).map(|v| v.label())
    }

    /// The active tab's lines the debugger greys (they did not run for the traced pixel).
    pub fn trace_not_run(&self) -> Vec<u32> {
        match (&self.trace, self.active_path()) {
            (Some(trace), Some(path)) => trace.compute(path).not_run.into_iter().collect(),
            _ => Vec::new(),
        }
    }

    /// Opens `target`'s file (a new tab if needed), makes it active and selects the range.
    pub fn open_at(&mut self, target: &Target) -> Result<(), BufferError> {
        let index = match self.find_tab(&target.path) {
            Some(i) => i,
            None => self.open_tab(&target.path)?,
        };
        self.active = index;
        let text = &self.tabs[index].buffer.text;
        let start = text::byte_offset(text, target.start.line, target.start.column);
        let end = text::byte_offset(text, target.end.line, target.end.column).max(start);
        self.pending = Some(Pending {
            start: text::char_index(text, start),
            end: text::char_index(text, end),
        });
        Ok(())
    }

    /// The open buffers over the file system, for the front end.
    pub fn overlay(&self) -> OverlayLoader {
        OverlayLoader::new(self.tabs.iter().map(|t| &t.buffer))
    }

    /// Saves the active tab; returns the file's name.
    pub fn save_active(&mut self) -> Result<String, BufferError> {
        let Some(tab) = self.tabs.get_mut(self.active) else {
            return Ok(String::new());
        };
        tab.buffer.save()?;
        Ok(tab.buffer.path().display().to_string())
    }

    /// Saves every edited tab; returns how many were saved.
    pub fn save_all(&mut self) -> Result<usize, BufferError> {
        let mut saved = 0;
        for tab in self.tabs.iter_mut().filter(|t| t.buffer.is_dirty()) {
            tab.buffer.save()?;
            saved += 1;
        }
        Ok(saved)
    }

    /// Compares every tab with its file: clean tabs take the disk's text. Returns how many
    /// did, and the files that now conflict with unsaved edits.
    pub fn check_disk(&mut self) -> (usize, Vec<String>) {
        let mut reloaded = 0;
        let mut conflicts = Vec::new();
        for tab in &mut self.tabs {
            match tab.buffer.check_disk() {
                DiskChange::None => {}
                DiskChange::Reloaded => reloaded += 1,
                DiskChange::Conflict => conflicts.push(tab.buffer.name()),
            }
        }
        (reloaded, conflicts)
    }

    /// The unsaved text of every edited tab, by file.
    pub fn unsaved(&self) -> Vec<(PathBuf, String)> {
        self.tabs
            .iter()
            .filter(|t| t.buffer.is_dirty())
            .map(|t| (t.buffer.path().to_path_buf(), t.buffer.text.clone()))
            .collect()
    }

    /// Puts `text` into `path`'s tab (opening it) as an unsaved edit.
    pub fn restore_text(&mut self, path: &Path, text: &str) {
        let index = self.find_tab(path).or_else(|| self.open_tab(path).ok());
        if let Some(tab) = index.and_then(|i| self.tabs.get_mut(i)) {
            tab.buffer.text = text.to_string();
            tab.highlight = HighlightCache::default();
        }
    }

    /// Whether any tab has unsaved edits.
    pub fn is_dirty(&self) -> bool {
        self.tabs.iter().any(|t| t.buffer.is_dirty())
    }

    /// The open files, in tab order.
    pub fn paths(&self) -> impl Iterator<Item = &Path> {
        self.tabs.iter().map(|t| t.buffer.path())
    }

    /// The active tab's file.
    pub fn active_path(&self) -> Option<&Path> {
        self.tabs.get(self.active).map(|t| t.buffer.path())
    }

    /// The active tab's text.
    pub fn active_text(&self) -> Option<&str> {
        self.tabs.get(self.active).map(|t| t.buffer.text.as_str())
    }

    /// The active tab's selection after the last frame: its start and end as 1-based
    /// (line, column).
    pub fn selection(&self) -> Option<((u32, u32), (u32, u32))> {
        let text = self.active_text()?;
        let (a, b) = self.selection?;
        Some((text::line_col(text, a), text::line_col(text, b)))
    }

    /// Where each tab was drawn last frame, in tab order.
    pub fn tab_rects(&self) -> &[egui::Rect] {
        &self.tab_rects
    }

    /// Where the line numbers were drawn last frame and how far the text was scrolled: the
    /// numbers stay at the panel's left edge however far a long line scrolls.
    pub fn gutter_rect_and_scroll(&self) -> Option<(egui::Rect, egui::Vec2)> {
        self.gutter
    }

    /// The pass markers drawn in the gutter last frame: the running chain's passes declared in
    /// the file shown.
    pub fn pass_markers(&self) -> &[pass_marks::PassMark] {
        &self.pass_markers
    }

    /// Draws the panel; returns [`Command::BuffersEdited`] when the text changed and
    /// [`Command::DebugPass`] when a pass's marker in the gutter was clicked. `chain` is the
    /// running chain, whose passes get markers.
    pub fn ui(&mut self, ui: &mut egui::Ui, chain: Option<&engine::EffectChain>) -> Vec<Command> {
        let mut commands = Vec::new();
        self.tab_rects.clear();
        if let Some(error) = &self.error {
            ui.colored_label(ui.visuals().error_fg_color, error);
        }
        if self.tabs.is_empty() {
            ui.weak("No file is open.");
            return commands;
        }
        self.tabs_ui(ui);
        if self.conflict_ui(ui) {
            commands.push(Command::BuffersEdited);
        }
        let active = self.active.min(self.tabs.len() - 1);
        if let Some(pending) = self
            .search
            .ui(ui, &self.tabs[active].buffer.text, self.selection)
        {
            self.pending = Some(pending);
        }
        let path = self.tabs[active].buffer.path().to_path_buf();
        self.pass_markers = chain.map_or_else(Vec::new, |c| self.passes.in_file(c, &path));
        let (changed, clicked) = self.code_ui(ui, active);
        if changed {
            commands.push(Command::BuffersEdited);
        }
        commands.extend(clicked);
        commands
    }

    /// The tab strip, wrapped onto more rows when the tabs are wider than the panel: a
    /// horizontal scroll area here put its scroll bar over the tabs' lower half (a click there
    /// dragged the bar instead of switching) and let the strip run off the panel.
    fn tabs_ui(&mut self, ui: &mut egui::Ui) {
        let error_colour = error_tab_colour(ui.visuals());
        ui.horizontal_wrapped(|ui| {
            for (i, tab) in self.tabs.iter().enumerate() {
                let label = tab_label(tab);
                let errors = self
                    .marks
                    .iter()
                    .any(|m| m.severity == Severity::Error && m.target.path == tab.buffer.path());
                let mut text = egui::RichText::new(label);
                if errors {
                    text = text.color(error_colour);
                }
                let response = ui
                    .selectable_label(i == self.active, text)
                    .on_hover_text(tab.buffer.path().display().to_string());
                if response.clicked() {
                    self.active = i;
                    self.selection = None;
                }
                self.tab_rects.push(response.rect);
            }
            ui.separator();
            if let Some(tab) = self.tabs.get(self.active)
                && ui
                    .small_button("Open externally")
                    .on_hover_text("Open this file in the system's editor for its type")
                    .clicked()
            {
                self.error = open_externally(tab.buffer.path())
                    .err()
                    .map(|e| format!("cannot open an external editor: {e}"));
            }
        });
    }

    /// The "changed on disk" question for the active tab; returns whether the text changed.
    fn conflict_ui(&mut self, ui: &mut egui::Ui) -> bool {
        let Some(tab) = self.tabs.get_mut(self.active) else {
            return false;
        };
        if tab.buffer.conflict().is_none() {
            return false;
        }
        let mut changed = false;
        egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.colored_label(
                ui.visuals().warn_fg_color,
                format!(
                    "{} changed on disk while it has unsaved edits. Which do you keep?",
                    tab.buffer.name()
                ),
            );
            ui.horizontal(|ui| {
                if ui.button("Keep my edits").clicked() {
                    tab.buffer.keep_mine();
                }
                if ui.button("Use the file on disk").clicked() {
                    tab.buffer.keep_disk();
                    changed = true;
                }
            });
        });
        changed
    }

    /// The byte ranges in `text` of the marks in `path`, with the mark's index.
    fn mark_ranges(&self, path: &Path, text: &str) -> Vec<(std::ops::Range<usize>, usize)> {
        self.marks
            .iter()
            .enumerate()
            .filter(|(_, m)| m.target.path == path)
            .map(|(i, m)| {
                let start = text::byte_offset(text, m.target.start.line, m.target.start.column);
                let mut end = text::byte_offset(text, m.target.end.line, m.target.end.column);
                if end <= start {
                    // An empty range still shows: underline the character there.
                    end = text[start..]
                        .chars()
                        .next()
                        .map_or(start, |c| start + c.len_utf8());
                }
                (start..end, i)
            })
            .collect()
    }

    /// What the active tab underlines: each underlined text with its severity.
    pub fn active_underlines(&self) -> Vec<(String, Severity)> {
        let (Some(path), Some(text)) = (self.active_path(), self.active_text()) else {
            return Vec::new();
        };
        self.mark_ranges(path, text)
            .into_iter()
            .map(|(range, i)| (text[range].to_string(), self.marks[i].severity))
            .collect()
    }

    /// The tab labels, as shown (with the unsaved marker).
    pub fn tab_labels(&self) -> Vec<String> {
        self.tabs.iter().map(tab_label).collect()
    }

    /// Underlines of the marks in `path`, as byte ranges of `text`.
    fn underlines(&self, ui: &egui::Ui, path: &Path, text: &str) -> Vec<(Underline, usize)> {
        self.mark_ranges(path, text)
            .into_iter()
            .map(|(range, i)| {
                (
                    Underline {
                        range,
                        colour: severity_colour(ui, self.marks[i].severity),
                    },
                    i,
                )
            })
            .collect()
    }

    /// The text area with its gutter; returns whether the text changed, and the command of a
    /// pass marker clicked.
    fn code_ui(&mut self, ui: &mut egui::Ui, active: usize) -> (bool, Option<Command>) {
        let path = self.tabs[active].buffer.path().to_path_buf();
        let dark = ui.visuals().dark_mode;
        let font = egui::TextStyle::Monospace.resolve(ui.style());
        let plain = ui.visuals().text_color();
        let underlines = self.underlines(ui, &path, &self.tabs[active].buffer.text);
        let only_underlines: Vec<Underline> = underlines.iter().map(|(u, _)| u.clone()).collect();
        let id = ui.make_persistent_id(("editor text", &path));
        if let Some(pending) = self.pending {
            let mut state = egui::text_edit::TextEditState::load(ui.ctx(), id).unwrap_or_default();
            state.cursor.set_char_range(Some(CCursorRange::two(
                CCursor::new(pending.start),
                CCursor::new(pending.end),
            )));
            state.store(ui.ctx(), id);
            ui.memory_mut(|m| m.request_focus(id));
            // The Enter that confirmed find or go-to must not reach the text as a line break.
            ui.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Enter));
        }
        let line_count = self.tabs[active].buffer.text.split('\n').count();
        // A column more for the pass markers, where the file declares passes.
        let marker_columns = if self.pass_markers.is_empty() {
            0.0
        } else {
            1.5
        };
        let gutter_width =
            font.size * 0.62 * (line_count.to_string().len() as f32 + 2.5 + marker_columns);
        let tab = &mut self.tabs[active];
        let mut highlight = std::mem::take(&mut tab.highlight);
        let mut layouter = |ui: &egui::Ui, buffer: &dyn egui::TextBuffer, _wrap: f32| {
            let text = buffer.as_str();
            let spans = highlight.spans(&path, text, dark);
            // Underlines are for the text they were computed on; while typing, until the next
            // compile, they may sit a little off, never out of bounds (layout_job clamps).
            let job = highlight::layout_job(text, &spans, &only_underlines, &font, plain);
            ui.fonts_mut(|f| f.layout_job(job))
        };
        let mut changed = false;
        let mut hover: Option<String> = None;
        let mut gutter_rect = None;
        let mut clicked = None;
        let scrolled = egui::ScrollArea::both()
            .id_salt(("editor scroll", &path))
            .auto_shrink([false, false])
            .show(ui, |ui| {
                ui.horizontal_top(|ui| {
                    let gutter_left = ui.cursor().left();
                    ui.add_space(gutter_width);
                    let background = ui.painter().add(egui::Shape::Noop);
                    let output = egui::TextEdit::multiline(&mut tab.buffer.text)
                        .id(id)
                        .code_editor()
                        .frame(egui::Frame::NONE)
                        .desired_width(f32::INFINITY)
                        .desired_rows(30)
                        .lock_focus(true)
                        .layouter(&mut layouter)
                        .show(ui);
                    changed = output.response.response.changed();
                    let galley = &output.galley;
                    let origin = output.galley_pos;
                    if changed {
                        // Values of other text are stale.
                        self.trace = None;
                    }
                    if let Some(trace) = &mut self.trace {
                        trace_marks::paint(ui, galley, origin, trace.for_path(&path));
                    }
                    // The current line, behind the text.
                    let cursor = output.cursor_range.map(|r| r.primary);
                    if let Some(cursor) = cursor {
                        let row = galley.pos_from_cursor(cursor).translate(origin.to_vec2());
                        let rect = egui::Rect::from_x_y_ranges(
                            gutter_left..=ui.max_rect().right(),
                            row.y_range(),
                        );
                        ui.painter().set(
                            background,
                            egui::Shape::rect_filled(rect, 0.0, ui.visuals().faint_bg_color),
                        );
                    }
                    self.selection = output.cursor_range.map(|r| {
                        let (a, b) = (r.primary.index.0, r.secondary.index.0);
                        (a.min(b), a.max(b))
                    });
                    let (strip, rows) =
                        gutter(ui, galley, origin, gutter_width, &underlines, &self.marks);
                    clicked = pass_marks::markers_ui(ui, strip, &rows, &self.pass_markers);
                    gutter_rect = Some(strip);
                    if let Some(pending) = self.pending.take() {
                        let rect = galley
                            .pos_from_cursor(CCursor::new(pending.start))
                            .translate(origin.to_vec2());
                        // Room on the left for the line numbers drawn over the text there.
                        let rect = egui::Rect::from_min_max(
                            rect.min - egui::vec2(gutter_width + 40.0, 40.0),
                            rect.max + egui::vec2(40.0, 40.0),
                        );
                        ui.scroll_to_rect(rect, Some(egui::Align::Center));
                    }
                    if let Some(pos) = output.response.response.hover_pos() {
                        let at = galley.cursor_from_pos(pos - origin).index.0;
                        let text = &tab.buffer.text;
                        let byte = text::byte_of_char(text, at);
                        hover = underlines
                            .iter()
                            .filter(|(u, _)| u.range.start <= byte && byte < u.range.end)
                            .map(|(_, i)| self.marks[*i].message.clone())
                            .reduce(|a, b| format!("{a}\n{b}"));
                    }
                    if let Some(message) = &hover {
                        output
                            .response
                            .response
                            .clone()
                            .on_hover_text_at_pointer(message);
                    }
                });
            });
        self.gutter = gutter_rect.map(|r| (r, scrolled.state.clamped_offset()));
        tab.highlight = highlight;
        (changed, clicked)
    }
}

/// Hands `path` to the system's opener (its editor for the file type); does not wait for it.
fn open_externally(path: &Path) -> std::io::Result<()> {
    let mut command = if cfg!(target_os = "windows") {
        let mut c = std::process::Command::new("cmd");
        c.args(["/C", "start", ""]);
        c
    } else if cfg!(target_os = "macos") {
        std::process::Command::new("open")
    } else {
        std::process::Command::new("xdg-open")
    };
    command.arg(path).spawn().map(drop)
}

/// A tab's label: the file name, and a dot while it has unsaved edits.
fn tab_label(tab: &Tab) -> String {
    let mut label = tab.buffer.name();
    if tab.buffer.is_dirty() {
        label.push_str(" \u{2022}");
    }
    label
}

/// Line numbers beside each line's first row, coloured and marked where a diagnostic starts.
/// They are drawn at the visible left edge over an opaque strip, whatever the horizontal
/// scroll, so a jump to the end of a long line keeps them in view; returns the strip and each
/// visible line's number and vertical range.
fn gutter(
    ui: &egui::Ui,
    galley: &egui::Galley,
    origin: egui::Pos2,
    width: f32,
    underlines: &[(Underline, usize)],
    marks: &[Mark],
) -> (egui::Rect, Vec<(u32, egui::Rangef)>) {
    let font = egui::TextStyle::Monospace.resolve(ui.style());
    let weak = ui.visuals().weak_text_color();
    let clip = ui.clip_rect();
    let left = clip.left();
    let strip = egui::Rect::from_x_y_ranges(left..=left + width, clip.y_range());
    ui.painter()
        .rect_filled(strip, 0.0, ui.visuals().panel_fill);
    let mut line = 1u32;
    let mut starts_line = true;
    let mut shown = Vec::new();
    for row in &galley.rows {
        let rect = row.rect().translate(origin.to_vec2());
        if starts_line && rect.bottom() >= clip.top() && rect.top() <= clip.bottom() {
            shown.push((line, rect.y_range()));
            let worst = underlines
                .iter()
                .map(|(_, i)| &marks[*i])
                .filter(|m| m.target.start.line == line)
                .map(|m| m.severity)
                .min_by_key(|s| match s {
                    Severity::Error => 0,
                    Severity::Warning => 1,
                    Severity::Note => 2,
                });
            let colour = worst.map_or(weak, |s| severity_colour(ui, s));
            ui.painter().text(
                egui::pos2(left + width - font.size * 1.2, rect.top()),
                egui::Align2::RIGHT_TOP,
                line.to_string(),
                font.clone(),
                colour,
            );
            if worst.is_some() {
                ui.painter().circle_filled(
                    egui::pos2(left + width - font.size * 0.6, rect.center().y),
                    font.size * 0.25,
                    colour,
                );
            }
        }
        starts_line = row.ends_with_newline;
        if row.ends_with_newline {
            line += 1;
        }
    }
    (strip, shown)
}

/// The colour of a tab's name while its file has errors: the theme's error colour, lightened
/// (dark theme) or darkened (light theme) until it reads at 4.5:1 (WCAG's contrast for text)
/// on both the panel and the selected tab's background, so an active tab with errors stays
/// readable.
pub fn error_tab_colour(visuals: &egui::Visuals) -> egui::Color32 {
    let backgrounds = [visuals.panel_fill, visuals.selection.bg_fill];
    let towards = if visuals.dark_mode {
        egui::Color32::WHITE
    } else {
        egui::Color32::BLACK
    };
    let base = visuals.error_fg_color;
    (0..=20)
        .map(|step| lerp_colour(base, towards, step as f32 / 20.0))
        .find(|c| backgrounds.iter().all(|b| contrast_ratio(*c, *b) >= 4.5))
        .unwrap_or(towards)
}

fn lerp_colour(a: egui::Color32, b: egui::Color32, t: f32) -> egui::Color32 {
    let mix = |x: u8, y: u8| (f32::from(x) + (f32::from(y) - f32::from(x)) * t).round() as u8;
    egui::Color32::from_rgb(mix(a.r(), b.r()), mix(a.g(), b.g()), mix(a.b(), b.b()))
}

/// WCAG 2's contrast ratio of two opaque colours (1 to 21).
pub fn contrast_ratio(a: egui::Color32, b: egui::Color32) -> f32 {
    let luminance = |c: egui::Color32| {
        let channel = |v: u8| {
            let v = f32::from(v) / 255.0;
            if v <= 0.039_28 {
                v / 12.92
            } else {
                ((v + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * channel(c.r()) + 0.7152 * channel(c.g()) + 0.0722 * channel(c.b())
    };
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

fn severity_colour(ui: &egui::Ui, severity: Severity) -> egui::Color32 {
    match severity {
        Severity::Error => ui.visuals().error_fg_color,
        Severity::Warning => ui.visuals().warn_fg_color,
        Severity::Note => ui.visuals().weak_text_color(),
    }
}
