//! Timing at a glance: per enabled technique and pass, GPU mean, min, max and p95 and CPU mean
//! over the history window, each one's share of the frame as a bar, the costliest pass
//! highlighted, the frame's total and rate, and a history plot of the selected row.

use egui_plot::{Legend, Line, Plot};
use engine::EffectChain;

use crate::window::Command;
use engine::timing::{FrameAverage, WindowStats};

use crate::session::timing::{RowScope, TimingSummary};

/// Colour of the costliest pass's row.
const COSTLIEST: egui::Color32 = egui::Color32::from_rgb(230, 120, 40);

/// The timing panel's state: which row the plot follows.
#[derive(Default)]
pub struct TimingPanel {
    /// The plotted row; `None` plots the whole frame.
    selected: Option<RowScope>,
    /// Samples in the plot's GPU and CPU lines when it was last drawn.
    plotted: (usize, usize),
    /// The chain generation the panel last saw: a rebuild restarts the plot.
    generation: Option<u64>,
    /// Where last frame's measured values were drawn (totals, table rows, plot): what a
    /// snapshot test masks.
    measured: Vec<egui::Rect>,
}

impl TimingPanel {
    /// GPU and CPU samples the history plot drew last frame (for tests and the status line).
    pub fn plotted_samples(&self) -> (usize, usize) {
        self.plotted
    }

    /// Where the measured values were drawn last frame (the totals, each row of the table,
    /// the plot); the headers and row layout around them do not change from run to run.
    pub fn measured_rects(&self) -> &[egui::Rect] {
        &self.measured
    }

    /// Draws the panel for `chain`.
    pub fn ui(&mut self, ui: &mut egui::Ui, chain: &EffectChain) -> Vec<Command> {
        self.draw(ui, chain);
        // The panel only reads the chain.
        Vec::new()
    }

    fn draw(&mut self, ui: &mut egui::Ui, chain: &EffectChain) {
        self.measured.clear();
        let summary = TimingSummary::of(chain);
        if self.generation != Some(summary.generation) {
            // The chain was rebuilt: its histories started afresh, and the technique keys may
            // now name other techniques.
            self.generation = Some(summary.generation);
            self.selected = None;
        }
        let totals = ui.scope(|ui| totals_ui(ui, chain, &summary));
        // As wide as the panel: the totals' text changes width with its digits.
        self.measured.push(egui::Rect::from_x_y_ranges(
            ui.max_rect().x_range(),
            totals.response.rect.y_range(),
        ));
        ui.separator();
        egui::ScrollArea::vertical()
            .max_height(ui.available_height() * 0.5)
            .show(ui, |ui| self.table_ui(ui, &summary));
        ui.separator();
        self.plot_ui(ui, chain);
    }

    fn table_ui(&mut self, ui: &mut egui::Ui, summary: &TimingSummary) {
        egui::Grid::new("timing table")
            .striped(true)
            .num_columns(7)
            .show(ui, |ui| {
                for header in [
                    "technique / pass",
                    "GPU mean ms",
                    "min ms",
                    "max ms",
                    "p95 ms",
                    "CPU mean ms",
                    "share of frame",
                ] {
                    ui.strong(header);
                }
                ui.end_row();
                for (i, row) in summary.rows.iter().enumerate() {
                    let costliest = summary.costliest == Some(i);
                    let mut label = match row.scope {
                        RowScope::Technique(_) => egui::RichText::new(&row.label).strong(),
                        RowScope::Pass(..) => egui::RichText::new(format!("    {}", row.label)),
                    };
                    if costliest {
                        label = label.color(COSTLIEST).strong();
                    }
                    let selected = self.selected == Some(row.scope);
                    let response = ui.selectable_label(selected, label);
                    let response = if costliest {
                        response.on_hover_text("The costliest pass")
                    } else {
                        response
                    };
                    if response.clicked() {
                        self.selected = (!selected).then_some(row.scope);
                    }
                    let mut rect = response.rect;
                    for cell in stats_cells(ui, row.gpu) {
                        rect |= cell.rect;
                    }
                    rect |= number_cell(ui, row.cpu.map(|s| s.mean_ns)).rect;
                    rect |= share_bar(ui, row.share, costliest).rect;
                    self.measured.push(rect);
                    ui.end_row();
                }
            });
    }

    fn plot_ui(&mut self, ui: &mut egui::Ui, chain: &EffectChain) {
        let (name, gpu, cpu) = self.histories(chain);
        ui.label(format!(
            "History of {name} (last {} frames; click a row to plot it)",
            engine::timing::HISTORY_FRAMES
        ));
        let points = |history: Option<&FrameAverage>| -> Vec<[f64; 2]> {
            history.map_or_else(Vec::new, |h| {
                h.samples()
                    .enumerate()
                    .map(|(i, ns)| [i as f64, ns as f64 / 1e6])
                    .collect()
            })
        };
        let (gpu, cpu) = (points(gpu), points(cpu));
        self.plotted = (gpu.len(), cpu.len());
        let plot = Plot::new("timing history")
            .legend(Legend::default())
            .y_axis_label("ms")
            .x_axis_label("frame")
            .include_y(0.0)
            .allow_scroll(false)
            .show(ui, |plot| {
                plot.line(Line::new("GPU", gpu));
                plot.line(Line::new("CPU", cpu));
            });
        self.measured.push(plot.response.rect);
    }

    /// The selected row's name and its GPU and CPU histories (the whole frame by default).
    fn histories<'c>(
        &self,
        chain: &'c EffectChain,
    ) -> (String, Option<&'c FrameAverage>, Option<&'c FrameAverage>) {
        let frame = || {
            let f = chain.frame_timings();
            (
                "the whole frame".to_string(),
                Some(&f.gpu_ns),
                Some(&f.cpu_ns),
            )
        };
        match self.selected {
            None => frame(),
            Some(RowScope::Technique(key)) => match chain.timings(key) {
                Some(t) => (
                    chain.technique(key).label().to_string(),
                    Some(&t.gpu_ns),
                    Some(&t.cpu_ns),
                ),
                None => frame(),
            },
            Some(RowScope::Pass(key, pass)) => match chain.timings(key) {
                Some(t) => (
                    format!("{} pass {pass}", chain.technique(key).label()),
                    t.passes_gpu_ns.get(pass),
                    t.passes_cpu_ns.get(pass),
                ),
                None => frame(),
            },
        }
    }
}

/// The frame's GPU and CPU totals, the rate they allow and the costliest pass.
fn totals_ui(ui: &mut egui::Ui, chain: &EffectChain, summary: &TimingSummary) {
    ui.horizontal_wrapped(|ui| {
        ui.label(format!(
            "Frame: GPU {} ms, CPU {} ms",
            ms(summary.frame_gpu.map(|s| s.mean_ns)),
            ms(summary.frame_cpu.map(|s| s.mean_ns))
        ));
        if let Some(fps) = summary.chain_fps() {
            ui.label(format!("({fps:.0} frames/s for the effects alone)"));
        }
        if !chain.has_gpu_timing() {
            ui.weak("GPU times unavailable: no timestamp queries on this device");
        }
    });
    if let Some(row) = summary.costliest_row() {
        let technique = chain.technique(row.scope.key()).label();
        ui.colored_label(
            COSTLIEST,
            format!(
                "Costliest pass: {technique} / {} ({} ms)",
                row.label,
                ms(row.gpu.or(row.cpu).map(|s| s.mean_ns))
            ),
        );
    }
}

fn stats_cells(ui: &mut egui::Ui, stats: Option<WindowStats>) -> [egui::Response; 4] {
    [
        number_cell(ui, stats.map(|s| s.mean_ns)),
        number_cell(ui, stats.map(|s| s.min_ns)),
        number_cell(ui, stats.map(|s| s.max_ns)),
        number_cell(ui, stats.map(|s| s.p95_ns)),
    ]
}

/// A time in ms, right-aligned in a cell as wide as "000.000": the columns keep their places
/// while the numbers change.
fn number_cell(ui: &mut egui::Ui, ns: Option<u64>) -> egui::Response {
    let font = egui::TextStyle::Monospace.resolve(ui.style());
    let width = ui.fonts_mut(|f| f.glyph_width(&font, '0')) * 7.0;
    let size = egui::vec2(width, ui.spacing().interact_size.y);
    ui.allocate_ui_with_layout(
        size,
        egui::Layout::right_to_left(egui::Align::Center),
        |ui| {
            ui.set_min_size(size);
            ui.monospace(ms(ns))
        },
    )
    .response
}

fn share_bar(ui: &mut egui::Ui, share: Option<f64>, costliest: bool) -> egui::Response {
    let Some(share) = share else {
        return ui.weak("–");
    };
    let mut bar = egui::ProgressBar::new(share.clamp(0.0, 1.0) as f32)
        .desired_width(120.0)
        .text(format!("{:.0}%", share * 100.0));
    if costliest {
        bar = bar.fill(COSTLIEST);
    }
    ui.add(bar)
}

fn ms(ns: Option<u64>) -> String {
    ns.map_or_else(|| "–".to_string(), |ns| format!("{:.3}", ns as f64 / 1e6))
}
