//! The SPIR-V view: pick a pass stage of the open effects (listed in run order) and read naga's
//! SPIR-V for it, our optimiser's output, both side by side, the diff between the two, or the
//! instructions grouped under the WGSL line each came from, with a search, instruction counts per
//! optimiser pass and `spirv-val`'s verdict on both modules. The work runs on a worker thread
//! (`session::spirv_job`); the view shows it when it is done.

use engine::EffectChain;
use engine::spirv::PassStage;

use crate::session::spirv::{LineKind, Validation, diff_line_kind};
use crate::session::spirv_job::{StageJob, StageWork};
use crate::window::Command;
use crate::window::panels::diagnostics::Target;

/// One row of the listing: its text, how to colour it, and where in the user's sources it
/// came from (source map rows), which a click opens in the editor.
#[derive(Clone, Debug)]
pub struct Line {
    pub kind: LineKind,
    pub text: String,
    pub target: Option<Target>,
}

impl Line {
    fn plain(kind: LineKind, text: impl Into<String>) -> Self {
        Self {
            kind,
            text: text.into(),
            target: None,
        }
    }
}

/// Which text the view shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Mode {
    /// The unified diff of naga's module against the optimised one.
    #[default]
    Diff,
    /// naga's module.
    Before,
    /// The optimised module.
    After,
    /// naga's module and the optimised one in two columns.
    SideBySide,
    /// Each WGSL line followed by the instructions naga made for it.
    Source,
}

/// The selected stage, compiled.
struct Selected {
    stage: usize,
    work: StageWork,
}

/// State of the SPIR-V view; the stage list follows the chain's effects through reloads.
#[derive(Default)]
pub struct SpirvPanel {
    /// Every pass stage of the open effects: effect index, stage, label.
    stages: Vec<(engine::EffectIndex, PassStage, String)>,
    selected_stage: usize,
    mode: Mode,
    selected: Option<Selected>,
    /// The lines shown; rebuilt when the selection or mode changes.
    lines: Vec<Line>,
    /// The work for the selected stage while it runs.
    job: Option<(usize, StageJob)>,
    /// Only lines containing this (any case) are shown.
    search: String,
    /// Characters each side of the side-by-side view holds, from the panel's width.
    column_chars: usize,
}

impl SpirvPanel {
    /// Lists the stages of `chain`'s effects, keeping the selection where its label still exists.
    pub fn refresh(&mut self, chain: &EffectChain) {
        let previous = self
            .stages
            .get(self.selected_stage)
            .map(|(_, _, label)| label.clone());
        // Techniques in run order, each technique's stages in pass order.
        self.stages = chain
            .order()
            .iter()
            .flat_map(|key| {
                let e = key.effect;
                let effect = chain.effect(e);
                engine::spirv::pass_stages(effect)
                    .into_iter()
                    .filter(move |s| s.technique == key.technique)
                    .map(move |s| {
                        let label = engine::spirv::stage_label(effect, &s);
                        (e, s, label)
                    })
            })
            .collect();
        self.selected_stage = previous
            .and_then(|p| self.stages.iter().position(|(_, _, l)| *l == p))
            .unwrap_or(0);
        self.selected = None;
        self.job = None;
        self.lines.clear();
    }

    /// Shows the source map of the first pixel (else the first) stage: what the user's shader
    /// code compiled to (`--view source-map`).
    pub fn show_source_map(&mut self) {
        self.mode = Mode::Source;
        let first_pixel = self
            .stages
            .iter()
            .position(|(_, s, _)| s.stage == wgpu::naga::ShaderStage::Fragment);
        self.select(first_pixel.unwrap_or(0));
    }

    /// Whether the selected stage's work is still running.
    pub fn is_compiling(&self) -> bool {
        self.job.is_some()
    }

    /// Labels of every stage, in the order the selector lists them.
    pub fn stage_labels(&self) -> impl Iterator<Item = &str> {
        self.stages.iter().map(|(_, _, l)| l.as_str())
    }

    /// Selects a stage by its position in [`Self::stage_labels`].
    pub fn select(&mut self, index: usize) {
        if index < self.stages.len() && index != self.selected_stage {
            self.selected_stage = index;
            self.selected = None;
        }
    }

    /// Starts the selected stage's work if it has not started, and collects it when done.
    fn ensure_compiled(&mut self, chain: &EffectChain) {
        if self
            .selected
            .as_ref()
            .is_some_and(|s| s.stage == self.selected_stage)
        {
            return;
        }
        let Some((effect, stage, _)) = self.stages.get(self.selected_stage) else {
            self.selected = None;
            return;
        };
        match &self.job {
            Some((i, job)) if *i == self.selected_stage => {
                if let Some(work) = job.try_take() {
                    self.job = None;
                    self.selected = Some(Selected {
                        stage: self.selected_stage,
                        work,
                    });
                    self.rebuild_lines(chain);
                }
            }
            _ => {
                let job = StageJob::spawn(chain.effect(*effect).clone(), stage.clone());
                self.job = Some((self.selected_stage, job));
            }
        }
    }

    fn rebuild_lines(&mut self, chain: &EffectChain) {
        self.lines.clear();
        let Some(Selected { work, .. }) = &self.selected else {
            return;
        };
        let Ok(s) = &work.spirv else {
            return;
        };
        let listing = |text: &str| -> Vec<Line> {
            text.lines()
                .map(|l| Line::plain(LineKind::Context, l))
                .collect()
        };
        self.lines = match self.mode {
            Mode::Diff if s.diff.is_empty() => {
                vec![Line::plain(
                    LineKind::Header,
                    "The optimiser changed nothing in this module.",
                )]
            }
            Mode::Diff => s
                .diff
                .lines()
                .map(|l| Line::plain(diff_line_kind(l), l))
                .collect(),
            Mode::Before => listing(&s.before_listing),
            Mode::After => listing(&s.after_listing),
            Mode::SideBySide => side_by_side_within(&s.aligned, self.column_chars),
            Mode::Source => {
                let effect = self.stages.get(self.selected_stage).map(|(e, _, _)| *e);
                match (&work.mapping, effect) {
                    (Ok(mapping), Some(e)) => {
                        super::spirv_source::source_lines(chain.effect(e), mapping)
                    }
                    (Err(e), _) => vec![Line::plain(LineKind::Removed, e.to_string())],
                    (_, None) => Vec::new(),
                }
            }
        };
    }

    /// The header row: the stage, the listing mode and the search box.
    fn header_ui(&mut self, ui: &mut egui::Ui, chain: &EffectChain) {
        ui.horizontal_wrapped(|ui| {
            ui.label("Stage");
            let current = self.stages[self.selected_stage].2.clone();
            let mut choice = self.selected_stage;
            egui::ComboBox::from_id_salt("spirv stage")
                .selected_text(current)
                .width(ui.available_width().min(460.0))
                .show_ui(ui, |ui| {
                    for (i, (_, _, label)) in self.stages.iter().enumerate() {
                        ui.selectable_value(&mut choice, i, label);
                    }
                });
            self.select(choice);
            ui.separator();
            let before = self.mode;
            ui.selectable_value(&mut self.mode, Mode::Diff, "Diff");
            ui.selectable_value(&mut self.mode, Mode::Before, "naga");
            ui.selectable_value(&mut self.mode, Mode::After, "Optimised");
            ui.selectable_value(&mut self.mode, Mode::SideBySide, "Side by side");
            ui.selectable_value(&mut self.mode, Mode::Source, "Source map");
            if self.mode != before {
                self.rebuild_lines(chain);
            }
            ui.separator();
            let label = ui.label("Find");
            ui.add(
                egui::TextEdit::singleline(&mut self.search)
                    .hint_text("text in the listing")
                    .desired_width(140.0),
            )
            .labelled_by(label.id);
        });
    }

    /// Draws the view; `running` names the shaders the chain runs now (for the pass's GPU
    /// time). A click on a source map row asks to open its place ([`Command::OpenAt`]).
    pub fn ui(&mut self, ui: &mut egui::Ui, chain: &EffectChain, running: &str) -> Vec<Command> {
        if self.stages.is_empty() {
            ui.weak("The open effects have no passes.");
            return Vec::new();
        }
        self.header_ui(ui, chain);
        // Side by side fits the panel: each column gets half its width, longer rows are cut.
        let font = egui::TextStyle::Monospace.resolve(ui.style());
        let glyph = ui.fonts_mut(|f| f.glyph_width(&font, '0')).max(1.0);
        let scroll_bar = ui.spacing().scroll.allocated_width();
        let chars = ((ui.available_width() - scroll_bar) / glyph)
            .floor()
            .max(0.0) as usize;
        let column_chars = (chars.saturating_sub(SIDE_BY_SIDE_GAP) / 2).clamp(12, SIDE_BY_SIDE_MAX);
        if column_chars != self.column_chars {
            self.column_chars = column_chars;
            if self.mode == Mode::SideBySide {
                self.rebuild_lines(chain);
            }
        }
        self.ensure_compiled(chain);
        let Some(selected) = self
            .selected
            .as_ref()
            .filter(|s| s.stage == self.selected_stage)
        else {
            ui.weak("Compiling, optimising and validating on a worker thread...");
            ui.ctx().request_repaint();
            return Vec::new();
        };
        let spirv = match &selected.work.spirv {
            Ok(spirv) => spirv,
            Err(error) => {
                ui.colored_label(ui.visuals().error_fg_color, error.to_string());
                return Vec::new();
            }
        };
        ui.horizontal(|ui| {
            // Counts and timing apart, so the counts can be found as they are.
            ui.label(spirv.summary_counts());
            ui.weak(format!(
                "{} iteration{}, {:.2} ms",
                spirv.report.iterations,
                if spirv.report.iterations == 1 {
                    ""
                } else {
                    "s"
                },
                spirv.report.time.as_secs_f64() * 1e3
            ));
        });
        ui.horizontal_wrapped(|ui| {
            for pass in spirv.report.per_pass() {
                let change = match pass.net_removed {
                    n if n < 0 => format!("{} added", -n),
                    n => format!("{n} removed"),
                };
                ui.weak(format!(
                    "{}: {change} in {} run{}",
                    pass.pass,
                    pass.runs,
                    if pass.runs == 1 { "" } else { "s" }
                ));
            }
        });
        let (effect, stage, _) = &self.stages[self.selected_stage];
        let key = engine::TechniqueKey {
            effect: *effect,
            technique: stage.technique,
        };
        let pass_ns = chain
            .timings(key)
            .and_then(|t| t.passes_gpu_ns.get(stage.pass))
            .and_then(engine::timing::FrameAverage::mean);
        match pass_ns {
            Some(ns) => ui.label(format!(
                "GPU time of this pass: {:.3} ms (mean of the last 300 frames, running {running})",
                ns as f64 / 1e6
            )),
            None if !chain.is_enabled(key) => {
                ui.weak("GPU time of this pass: its technique is disabled")
            }
            None => ui.weak("GPU time of this pass: not measured"),
        };
        match &selected.work.validation {
            None => {
                ui.weak("spirv-val is not installed: modules not validated");
            }
            Some((before, after)) => {
                ui.horizontal_wrapped(|ui| {
                    ui.label(format!("spirv-val ({})", crate::session::spirv::TARGET_ENV));
                    for (name, verdict) in [("naga", before), ("optimised", after)] {
                        match verdict {
                            Validation::Valid => {
                                ui.label(format!("{name}: valid"));
                            }
                            Validation::Invalid(message) => {
                                ui.colored_label(
                                    ui.visuals().error_fg_color,
                                    format!("{name}: invalid"),
                                )
                                .on_hover_text(message);
                            }
                        }
                    }
                });
            }
        }
        ui.separator();
        self.listing_ui(ui)
    }

    /// The rows that match the search; a click on one with a source place opens it.
    fn listing_ui(&self, ui: &mut egui::Ui) -> Vec<Command> {
        let mut commands = Vec::new();
        let row_height = ui.text_style_height(&egui::TextStyle::Monospace);
        let dark = ui.visuals().dark_mode;
        let plain = ui.visuals().text_color();
        let font = egui::TextStyle::Monospace.resolve(ui.style());
        let needle = self.search.to_lowercase();
        let shown: Vec<&Line> = self
            .lines
            .iter()
            .filter(|l| needle.is_empty() || l.text.to_lowercase().contains(&needle))
            .collect();
        egui::ScrollArea::both()
            .id_salt("spirv text")
            .auto_shrink([false, false])
            .show_rows(ui, row_height, shown.len(), |ui, rows| {
                for line in &shown[rows] {
                    let label = egui::Label::new(row_job(line, dark, plain, &font)).extend();
                    match &line.target {
                        Some(target) => {
                            let response = ui
                                .add(label.sense(egui::Sense::click()))
                                .on_hover_text("Open in the editor");
                            if response.clicked() {
                                commands.push(Command::OpenAt(target.clone()));
                            }
                        }
                        None => {
                            ui.add(label);
                        }
                    }
                }
            });
        commands
    }
}

/// One row laid out: a listing row in SPIR-V assembly's syntax colours
/// (`assets/syntax/spirv.sublime-syntax`), a marked row (diff, side by side, source map band)
/// in its mark's colour, so what the optimiser did stays the first thing seen.
pub fn row_job(
    line: &Line,
    dark: bool,
    plain: egui::Color32,
    font: &egui::FontId,
) -> egui::text::LayoutJob {
    use crate::window::editor::highlight::{Highlighter, layout_job};
    let colour = match line.kind {
        LineKind::Added => egui::Color32::from_rgb(90, 190, 110),
        LineKind::Removed => egui::Color32::from_rgb(225, 95, 95),
        LineKind::Changed => egui::Color32::from_rgb(220, 180, 80),
        LineKind::Header => egui::Color32::from_gray(if dark { 140 } else { 110 }),
        LineKind::Context => {
            let spans = match Highlighter::shared() {
                Ok(h) => h.colour(std::path::Path::new("listing.spvasm"), &line.text, dark),
                Err(_) => Vec::new(),
            };
            return layout_job(&line.text, &spans, &[], font, plain);
        }
    };
    egui::text::LayoutJob::simple_singleline(line.text.clone(), font.clone(), colour)
}

/// Characters of a side-by-side row that are not either side's text: the marks and the bar.
const SIDE_BY_SIDE_GAP: usize = 6;
/// The widest a side-by-side column gets, in characters.
const SIDE_BY_SIDE_MAX: usize = 80;

/// [`side_by_side_within`] with columns up to [`SIDE_BY_SIDE_MAX`] characters.
pub fn side_by_side(rows: &[optimizer::AlignedRow]) -> Vec<Line> {
    side_by_side_within(rows, SIDE_BY_SIDE_MAX)
}

/// naga's listing and the optimised one in two columns, aligned along their diff; a `-` marks
/// an instruction the optimiser removed, a `+` one it created, and the row is coloured so.
/// Each column is at most `column_chars` wide (the view passes half the panel's width, so the
/// two fit without scrolling sideways); a longer instruction is cut and ends in `…` (the naga
/// and Optimised listings show it whole).
pub fn side_by_side_within(rows: &[optimizer::AlignedRow], column_chars: usize) -> Vec<Line> {
    let width = rows
        .iter()
        .filter_map(|r| r.before.as_deref())
        .map(|t| t.chars().count())
        .max()
        .unwrap_or(0)
        .min(column_chars);
    let fit = |text: &str| -> String {
        if text.chars().count() <= column_chars {
            return text.to_string();
        }
        let mut cut: String = text.chars().take(column_chars.saturating_sub(1)).collect();
        cut.push('\u{2026}');
        cut
    };
    let mut out = vec![Line::plain(
        LineKind::Header,
        format!("  {:<width$} |   {}", "naga", "optimised"),
    )];
    for row in rows {
        use optimizer::RowChange;
        let (left, right, kind) = match row.change {
            RowChange::Same => (' ', ' ', LineKind::Context),
            RowChange::Removed => ('-', ' ', LineKind::Removed),
            RowChange::Added => (' ', '+', LineKind::Added),
            RowChange::Replaced => ('-', '+', LineKind::Changed),
        };
        out.push(Line::plain(
            kind,
            format!(
                "{left} {:<width$} | {right} {}",
                fit(row.before.as_deref().unwrap_or("")),
                fit(row.after.as_deref().unwrap_or(""))
            ),
        ));
    }
    out
}
