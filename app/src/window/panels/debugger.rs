//! The Debug pane (issue #25): pick a pixel (a click in the preview or the inspector while the
//! pane is open, or typed `X,Y`) and a pass of the chain (a compute pass asks for a thread id),
//! record what the author's code computed there (`EffectChain::record_trace`, run by the window,
//! `window/trace.rs`), and list the trace: line, variable, value, which iteration or call, with
//! a filter by variable. Clicking a row opens the editor at its line. A pixel picked also gets
//! its pixel history (`panels/pixel_history.rs`), whose passes choose the pass to trace.
//! Nothing runs until a trace or a history is asked for. ReShade FX and `.wfx` passes are both
//! instrumented (`analysis::debug`).

use std::time::{Duration, Instant};

use analysis::debug::InstrumentedEffect;

use engine::{EffectChain, TechniqueKey};

use crate::session::debug::{InstrumentJob, TraceRow};
use crate::window::Command;
use crate::window::panels::diagnostics::Target;
use crate::window::panels::pixel_history::{HistoryState, history_ui};

/// A pass of the chain, and the pixel or thread to record it at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TraceAsk {
    pub technique: TechniqueKey,
    /// The pass's index in its technique.
    pub pass: usize,
    /// The pixel (`[x, y, 0]`) or compute thread.
    pub target: [u32; 3],
}

/// A trace recorded, as the pane lists it.
#[derive(Debug)]
pub struct Recorded {
    pub ask: TraceAsk,
    pub rows: Vec<TraceRow>,
    /// Records the run wrote (more than `rows` when the buffer was full).
    pub written: u32,
    pub cut: bool,
    /// Whether the pass is a compute pass (its target is a thread).
    pub compute: bool,
    /// How long setting the run up (its pipeline) took on the UI thread.
    pub ui_time: Duration,
    /// From the run set up to its trace read back (it rides along with the next frame).
    pub latency: Duration,
}

/// Where the pane's trace stands.
#[derive(Default)]
pub enum TraceState {
    /// Nothing asked, or what was recorded went stale (the code was edited, the chain rebuilt).
    #[default]
    Idle,
    /// The instrumented compile of the pass's effect runs on a worker thread; the window
    /// records the trace when it is done.
    Compiling {
        ask: TraceAsk,
        job: InstrumentJob,
    },
    /// The recording run rides along with the next frame; the window reads its trace back
    /// once the GPU is done (never waiting for it).
    Recording {
        ask: TraceAsk,
        instrumented: Box<InstrumentedEffect>,
        began: Instant,
        ui_time: Duration,
    },
    Done(Recorded),
    /// The trace could not be recorded: why.
    Failed(String),
}

/// The Debug pane's state.
#[derive(Default)]
pub struct DebuggerPanel {
    /// The pixel or thread as typed: `X,Y` or `X,Y,Z`.
    target_text: String,
    pass: Option<(TechniqueKey, usize)>,
    filter: String,
    /// The trace and its compile, set by the window.
    pub state: TraceState,
    /// The pixel history of the pixel picked, set by the window.
    pub history: HistoryState,
    /// Which of the two the pane shows.
    pub view: DebugView,
}

/// What the Debug pane shows below its pass and pixel: the trace of the pass, or the pixel's
/// history. Asking for one shows it; the user switches between them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum DebugView {
    #[default]
    Trace,
    History,
}

impl DebuggerPanel {
    /// Sets the pixel from a click in the preview or the inspector; with a pass chosen, records
    /// it there (the returned ask).
    pub fn pick_pixel(&mut self, [x, y]: [u32; 2]) -> Option<TraceAsk> {
        self.target_text = format!("{x},{y}");
        self.ask()
    }

    /// The pixel or thread typed, when it reads as one.
    pub fn target(&self) -> Option<[u32; 3]> {
        parse_target(&self.target_text)
    }

    /// The chosen pass.
    pub fn pass(&self) -> Option<(TechniqueKey, usize)> {
        self.pass
    }

    /// Chooses a pass (from the editor's gutter); with a pixel or thread set, what to record.
    pub fn choose_pass(&mut self, technique: TechniqueKey, pass: usize) -> Option<TraceAsk> {
        self.pass = Some((technique, pass));
        self.ask()
    }

    /// What to record now, when a pass and a pixel are chosen.
    fn ask(&self) -> Option<TraceAsk> {
        let (technique, pass) = self.pass?;
        Some(TraceAsk {
            technique,
            pass,
            target: self.target()?,
        })
    }

    /// Drops a trace recorded or being recorded (stale after a rebuild: the new chain has no
    /// run); an instrumented compile under way stays, since it read the current text.
    pub fn clear_result(&mut self) {
        if !matches!(self.state, TraceState::Compiling { .. }) {
            self.state = TraceState::Idle;
        }
    }

    /// The rows listed now (after the filter), for tests and the window.
    pub fn rows(&self) -> Vec<&TraceRow> {
        match &self.state {
            TraceState::Done(recorded) => recorded
                .rows
                .iter()
                .filter(|r| shown(r, &self.filter))
                .collect(),
            _ => Vec::new(),
        }
    }

    /// Draws the pane; asks for a trace ([`Command::RecordTrace`]) and for the editor at a
    /// row's line ([`Command::OpenAt`]).
    pub fn ui(&mut self, ui: &mut egui::Ui, chain: &EffectChain) -> Vec<Command> {
        let mut commands = Vec::new();
        if self.pass.is_some_and(|(key, pass)| {
            !chain.order().contains(&key) || pass_missing(chain, key, pass)
        }) {
            self.pass = None;
        }
        self.pass_ui(ui, chain);
        let compute = self
            .pass
            .is_some_and(|(key, pass)| chain.technique(key).passes[pass].is_compute());
        ui.horizontal(|ui| {
            let label = ui.label(if compute {
                "Thread X,Y,Z:"
            } else {
                "Pixel X,Y:"
            });
            let field = ui
                .add(
                    egui::TextEdit::singleline(&mut self.target_text)
                        .id_salt("debug target")
                        .hint_text(if compute {
                            "0,0,0"
                        } else {
                            "click the preview"
                        })
                        .desired_width(90.0),
                )
                .labelled_by(label.id);
            let entered = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            let ask = self.ask();
            let button = ui.add_enabled(ask.is_some(), egui::Button::new("Record"));
            if let Some(ask) = ask
                && (button.clicked() || entered)
            {
                commands.push(Command::RecordTrace(ask));
            }
            let pixel = self.target().filter(|t| t[2] == 0 && !compute);
            let history = ui
                .add_enabled(pixel.is_some(), egui::Button::new("History"))
                .on_hover_text("every pass of the frame at this pixel: before, returned, after");
            if let Some([x, y, _]) = pixel
                && history.clicked()
            {
                commands.push(Command::RecordHistory([x, y]));
            }
        });
        if !matches!(self.history, HistoryState::Idle) {
            ui.horizontal(|ui| {
                ui.selectable_value(&mut self.view, DebugView::Trace, "Trace");
                ui.selectable_value(&mut self.view, DebugView::History, "Pixel history");
            });
            if self.view == DebugView::History {
                if let Some(picked) = history_ui(ui, &self.history) {
                    self.pass = Some(picked);
                    if let Some(ask) = self.ask() {
                        commands.push(Command::RecordTrace(ask));
                    }
                }
                return commands;
            }
        }
        if !self.target_text.is_empty() && self.target().is_none() {
            ui.colored_label(
                ui.visuals().error_fg_color,
                "expected X,Y (or X,Y,Z for a compute thread)",
            );
        }
        self.state_ui(ui, chain, &mut commands);
        commands
    }

    /// The chain's passes in run order, each `Technique/pass`.
    fn pass_ui(&mut self, ui: &mut egui::Ui, chain: &EffectChain) {
        let label = |key: TechniqueKey, pass: usize| pass_label(chain, key, pass);
        let selected = self
            .pass
            .map_or_else(|| "choose a pass".to_string(), |(k, p)| label(k, p));
        ui.horizontal(|ui| {
            ui.label("Pass:");
            egui::ComboBox::from_id_salt("debug pass")
                .selected_text(selected)
                .width(260.0)
                .show_ui(ui, |ui| {
                    for &key in chain.order() {
                        for pass in 0..chain.technique(key).passes.len() {
                            ui.selectable_value(
                                &mut self.pass,
                                Some((key, pass)),
                                label(key, pass),
                            );
                        }
                    }
                });
        });
    }

    /// The compile under way, the failure, or the trace with its filter.
    fn state_ui(&mut self, ui: &mut egui::Ui, chain: &EffectChain, commands: &mut Vec<Command>) {
        let recorded = match &self.state {
            TraceState::Idle => {
                ui.weak(
                    "Click a pixel for its history; choose a pass (or click one in the history) \
                     to record what its code computed there.",
                );
                return;
            }
            TraceState::Compiling { .. } | TraceState::Recording { .. } => {
                let doing = if matches!(self.state, TraceState::Compiling { .. }) {
                    "compiling the instrumented effect..."
                } else {
                    "recording..."
                };
                ui.horizontal(|ui| {
                    ui.spinner();
                    ui.label(doing);
                });
                ui.ctx().request_repaint();
                return;
            }
            TraceState::Failed(why) => {
                ui.colored_label(ui.visuals().error_fg_color, why);
                return;
            }
            TraceState::Done(recorded) => recorded,
        };
        let [x, y, z] = recorded.ask.target;
        ui.label(format!(
            "{} at {}: {} record{} (set up in {:.1} ms, read back after {:.0} ms)",
            pass_label(chain, recorded.ask.technique, recorded.ask.pass),
            if recorded.compute {
                format!("thread {x},{y},{z}")
            } else {
                format!("pixel {x},{y}")
            },
            recorded.written,
            if recorded.written == 1 { "" } else { "s" },
            recorded.ui_time.as_secs_f64() * 1e3,
            recorded.latency.as_secs_f64() * 1e3
        ));
        if recorded.cut {
            ui.colored_label(
                ui.visuals().warn_fg_color,
                format!("Trace cut at {} records", recorded.rows.len()),
            );
        }
        ui.horizontal(|ui| {
            let label = ui.label("Filter:");
            ui.add(
                egui::TextEdit::singleline(&mut self.filter)
                    .id_salt("debug filter")
                    .hint_text("variable")
                    .desired_width(140.0),
            )
            .labelled_by(label.id);
        });
        commands.extend(rows_ui(ui, &recorded.rows, &self.filter));
    }
}

/// Whether `pass` is not a pass of `key`'s technique.
fn pass_missing(chain: &EffectChain, key: TechniqueKey, pass: usize) -> bool {
    pass >= chain.technique(key).passes.len()
}

/// `Technique/pass` (the pass's name, or its number from 0).
pub fn pass_label(chain: &EffectChain, key: TechniqueKey, pass: usize) -> String {
    let technique = chain.technique(key);
    let name = technique.passes[pass]
        .name()
        .map_or_else(|| pass.to_string(), str::to_string);
    format!("{}/{name}", technique.name)
}

/// Whether `row` passes the variable filter (a substring of what was recorded).
fn shown(row: &TraceRow, filter: &str) -> bool {
    filter.is_empty() || row.what.contains(filter.trim())
}

/// The trace as a table; a click on a row opens the editor at its line.
fn rows_ui(ui: &mut egui::Ui, rows: &[TraceRow], filter: &str) -> Vec<Command> {
    let mut commands = Vec::new();
    egui::ScrollArea::both()
        .id_salt("debug rows")
        .auto_shrink([false, false])
        .show(ui, |ui| {
            egui::Grid::new("debug trace")
                .striped(true)
                .num_columns(4)
                .show(ui, |ui| {
                    ui.strong("Line");
                    ui.strong("Variable");
                    ui.strong("Value");
                    ui.strong("Iteration / call");
                    ui.end_row();
                    for row in rows.iter().filter(|r| shown(r, filter)) {
                        let line = ui
                            .add(egui::Label::new(row.line.to_string()).sense(egui::Sense::click()))
                            .on_hover_text(format!("{}:{}", row.path.display(), row.line));
                        let what = ui.add(
                            egui::Label::new(egui::RichText::new(&row.what).monospace())
                                .sense(egui::Sense::click()),
                        );
                        let value = ui.add(
                            egui::Label::new(egui::RichText::new(&row.value).monospace())
                                .sense(egui::Sense::click()),
                        );
                        ui.weak(iteration_text(row));
                        ui.end_row();
                        if line.clicked() || what.clicked() || value.clicked() {
                            commands.push(Command::OpenAt(row_target(row)));
                        }
                    }
                });
            // Room under the last row for the horizontal scroll bar, which floats over the
            // content: without it a wide trace hides its last row under the bar.
            let scroll = ui.spacing().scroll;
            ui.add_space(scroll.bar_width + scroll.bar_outer_margin + scroll.bar_inner_margin);
        });
    commands
}

/// Which time the row's site recorded, and the function it is in: `2 of 3 in PS`.
fn iteration_text(row: &TraceRow) -> String {
    if row.times > 1 {
        format!("{} of {} in {}", row.occurrence, row.times, row.function)
    } else {
        format!("in {}", row.function)
    }
}

/// The editor's place for a row: its line, the cursor at the statement's column.
fn row_target(row: &TraceRow) -> Target {
    let at = analysis::source::LineCol {
        line: row.line,
        column: row.column,
    };
    Target {
        path: row.path.clone(),
        start: at,
        end: at,
    }
}

/// `X,Y` or `X,Y,Z`.
fn parse_target(text: &str) -> Option<[u32; 3]> {
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    if !(2..=3).contains(&parts.len()) {
        return None;
    }
    let mut target = [0; 3];
    for (slot, part) in target.iter_mut().zip(&parts) {
        *slot = part.parse().ok()?;
    }
    Some(target)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn targets_read_as_two_or_three_coordinates() {
        assert_eq!(parse_target("3, 5"), Some([3, 5, 0]));
        assert_eq!(parse_target("1,2,3"), Some([1, 2, 3]));
        assert_eq!(parse_target("1"), None);
        assert_eq!(parse_target("1,x"), None);
        assert_eq!(parse_target("1,2,3,4"), None);
    }
}
