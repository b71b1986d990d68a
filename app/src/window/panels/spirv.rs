//! The SPIR-V view: pick a pass stage of the open effects and read naga's SPIR-V for it, our
//! optimiser's output, or the diff between the two, with instruction counts per optimiser pass
//! and `spirv-val`'s verdict on both modules.

use engine::EffectChain;
use engine::spirv::PassStage;

use crate::session::spirv::{LineKind, StageSpirv, Validation, diff_line_kind};

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
}

/// The selected stage, compiled.
struct Selected {
    stage: usize,
    result: Result<StageSpirv, String>,
    validation: Option<(Validation, Validation)>,
}

/// State of the SPIR-V view; the stage list follows the chain's effects through reloads.
#[derive(Default)]
pub struct SpirvPanel {
    /// Every pass stage of the open effects: effect index, stage, label.
    stages: Vec<(usize, PassStage, String)>,
    selected_stage: usize,
    mode: Mode,
    selected: Option<Selected>,
    /// The lines shown, with how to colour them; rebuilt when the selection or mode changes.
    lines: Vec<(LineKind, String)>,
}

impl SpirvPanel {
    /// Lists the stages of `chain`'s effects, keeping the selection where its label still exists.
    pub fn refresh(&mut self, chain: &EffectChain) {
        let previous = self
            .stages
            .get(self.selected_stage)
            .map(|(_, _, label)| label.clone());
        self.stages = (0..chain.effect_count())
            .flat_map(|e| {
                let effect = chain.effect(e);
                engine::spirv::pass_stages(effect)
                    .into_iter()
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
        self.lines.clear();
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

    /// Compiles the selected stage if it is not yet.
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
        let result = StageSpirv::build(chain.effect(*effect), stage);
        let validation = result.as_ref().ok().and_then(StageSpirv::validate);
        self.selected = Some(Selected {
            stage: self.selected_stage,
            result,
            validation,
        });
        self.rebuild_lines();
    }

    fn rebuild_lines(&mut self) {
        self.lines.clear();
        let Some(Selected { result: Ok(s), .. }) = &self.selected else {
            return;
        };
        self.lines = match self.mode {
            Mode::Diff if s.diff.is_empty() => {
                vec![(
                    LineKind::Header,
                    "The optimiser changed nothing in this module.".to_string(),
                )]
            }
            Mode::Diff => s
                .diff
                .lines()
                .map(|l| (diff_line_kind(l), l.to_string()))
                .collect(),
            Mode::Before => s
                .before_listing
                .lines()
                .map(|l| (LineKind::Context, l.to_string()))
                .collect(),
            Mode::After => s
                .after_listing
                .lines()
                .map(|l| (LineKind::Context, l.to_string()))
                .collect(),
        };
    }

    /// Draws the view; `running` names the shaders the chain runs now (for the pass's GPU time).
    pub fn ui(&mut self, ui: &mut egui::Ui, chain: &EffectChain, running: &str) {
        if self.stages.is_empty() {
            ui.weak("The open effects have no passes.");
            return;
        }
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
            if self.mode != before {
                self.rebuild_lines();
            }
        });
        self.ensure_compiled(chain);
        let Some(selected) = &self.selected else {
            return;
        };
        let spirv = match &selected.result {
            Ok(spirv) => spirv,
            Err(error) => {
                ui.colored_label(ui.visuals().error_fg_color, error);
                return;
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
            effect: (*effect).into(),
            technique: stage.technique,
        };
        let pass_ns = chain
            .timings(key)
            .and_then(|t| t.passes_gpu_ns.get(stage.pass))
            .and_then(engine::timing::FrameAverage::mean);
        match pass_ns {
            Some(ns) => ui.label(format!(
                "GPU time of this pass: {:.3} ms (60-frame mean, running {running})",
                ns as f64 / 1e6
            )),
            None if !chain.is_enabled(key) => {
                ui.weak("GPU time of this pass: its technique is disabled")
            }
            None => ui.weak("GPU time of this pass: not measured"),
        };
        match &selected.validation {
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
        let row_height = ui.text_style_height(&egui::TextStyle::Monospace);
        let (added, removed, header) = (
            egui::Color32::from_rgb(90, 190, 110),
            egui::Color32::from_rgb(225, 95, 95),
            ui.visuals().weak_text_color(),
        );
        egui::ScrollArea::both()
            .id_salt("spirv text")
            .auto_shrink([false, false])
            .show_rows(ui, row_height, self.lines.len(), |ui, rows| {
                for (kind, line) in &self.lines[rows] {
                    let text = egui::RichText::new(line).monospace();
                    let text = match kind {
                        LineKind::Added => text.color(added),
                        LineKind::Removed => text.color(removed),
                        LineKind::Header => text.color(header),
                        LineKind::Context => text,
                    };
                    ui.add(egui::Label::new(text).extend());
                }
            });
    }
}
