//! Techniques in run order: enable checkboxes, GPU times per technique and pass, and drag
//! handles to reorder them (what a preset saves as `TechniqueSorting`); and the preset's global
//! `PreprocessorDefinitions`, edited as text.

use engine::EffectChain;

use crate::window::Command;

fn ms(ns: Option<u64>) -> String {
    ns.map_or_else(
        || "–".to_string(),
        |ns| format!("{:.3} ms", ns as f64 / 1e6),
    )
}

pub fn techniques_ui(ui: &mut egui::Ui, chain: &EffectChain) -> Vec<Command> {
    let mut commands = Vec::new();
    ui.heading("Techniques");
    if !chain.has_gpu_timing() {
        ui.weak("GPU times unavailable: no timestamp queries on this device");
    }
    for (position, &key) in chain.order().iter().enumerate() {
        let technique = chain.technique(key);
        if technique.annotations.flag("hidden").unwrap_or(false) {
            continue;
        }
        let timings = chain.timings(key);
        let mut enabled = chain.is_enabled(key);
        let row = ui.horizontal(|ui| {
            // The handle carries this technique's position; dropping another row on this one
            // moves that technique here.
            let handle_id =
                ui.scope_id()
                    .with(("technique drag", key.effect, key.technique.index()));
            ui.dnd_drag_source(handle_id, position, |ui| {
                ui.label("::").on_hover_text("Drag to reorder");
            });
            let response = ui.checkbox(&mut enabled, technique.label());
            if let Some(tooltip) = technique.annotations.string("ui_tooltip") {
                response.clone().on_hover_text(tooltip);
            }
            if response.changed() {
                commands.push(Command::SetEnabled(key, enabled));
            }
            if enabled {
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    ui.monospace(ms(timings.and_then(|t| t.gpu_ns.mean())));
                });
            }
        });
        if let Some(from) = row.response.dnd_release_payload::<usize>()
            && *from != position
        {
            commands.push(Command::MoveTechnique {
                from: *from,
                to: position,
            });
        }
        if enabled && technique.passes.len() > 1 {
            ui.indent(("passes", key.effect, key.technique.index()), |ui| {
                for (i, pass) in technique.passes.iter().enumerate() {
                    let gpu = timings
                        .and_then(|t| t.passes_gpu_ns.get(i))
                        .and_then(|a| a.mean());
                    ui.horizontal(|ui| {
                        ui.weak(
                            pass.name()
                                .map_or_else(|| format!("pass {i}"), str::to_string),
                        );
                        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                            ui.weak(ms(gpu));
                        });
                    });
                }
            });
        }
    }
    ui.weak(format!(
        "full-frame copies per frame: {} (ReShade: {})",
        chain.copies_last_frame(),
        chain.reshade_copies_per_frame()
    ));
    ui.weak(format!(
        "effect textures: {:.1} MiB",
        chain.texture_memory_bytes() as f64 / (1024.0 * 1024.0)
    ));

    commands
}

/// The preset's global `PreprocessorDefinitions` as one line of text (`NAME=VALUE,NAME2`),
/// applied (and the effects recompiled) when Enter is pressed or the field loses focus.
pub fn definitions_ui(ui: &mut egui::Ui, definitions: &str) -> Vec<Command> {
    let id = ui.make_persistent_id("preprocessor definitions");
    // The text being edited lives in egui's memory until it is applied; it starts as the preset's.
    let mut text: String = ui
        .data_mut(|d| d.get_temp(id))
        .unwrap_or_else(|| definitions.to_owned());
    let mut commands = Vec::new();
    ui.horizontal(|ui| {
        let label = ui
            .label("Definitions")
            .on_hover_text("The preset's PreprocessorDefinitions: NAME=VALUE, separated by commas");
        let response = ui
            .add(
                egui::TextEdit::singleline(&mut text)
                    .hint_text("NAME=VALUE,...")
                    .desired_width(f32::INFINITY),
            )
            .labelled_by(label.id);
        if response.lost_focus() {
            if text != definitions {
                commands.push(Command::SetDefinitions(text.clone()));
            }
            ui.data_mut(|d| d.remove::<String>(id));
        } else if response.has_focus() {
            ui.data_mut(|d| d.insert_temp(id, text.clone()));
        }
    });
    commands
}

/// Per effect, the preprocessor definitions it offers (`#ifndef QUALITY` + a default) with the
/// value of this compile, each editable: a new value goes into the effect's section of the
/// preset and recompiles, as ReShade's "Preprocessor definitions" list does.
pub fn offered_definitions_ui(ui: &mut egui::Ui, chain: &engine::EffectChain) -> Vec<Command> {
    let mut commands = Vec::new();
    for i in chain.effect_indices() {
        let effect = chain.effect(i);
        let offered: Vec<(&str, &str)> = effect.tested_definitions().collect();
        if offered.is_empty() {
            continue;
        }
        let file = crate::session::document::effect_file_name(effect);
        egui::CollapsingHeader::new(format!("Definitions of {file}"))
            .id_salt(("offered definitions", i.index()))
            .show(ui, |ui| {
                egui::Grid::new(("offered definitions grid", i.index()))
                    .num_columns(2)
                    .show(ui, |ui| {
                        for (name, value) in offered {
                            let label = ui.label(name);
                            let id = ui.make_persistent_id(("definition", i.index(), name));
                            let mut text: String = ui
                                .data_mut(|d| d.get_temp(id))
                                .unwrap_or_else(|| value.to_owned());
                            let response = ui
                                .add(egui::TextEdit::singleline(&mut text).desired_width(120.0))
                                .labelled_by(label.id);
                            if response.lost_focus() {
                                if text.trim() != value {
                                    commands.push(Command::SetEffectDefinition {
                                        effect: file.clone(),
                                        name: name.to_string(),
                                        value: text.trim().to_string(),
                                    });
                                }
                                ui.data_mut(|d| d.remove::<String>(id));
                            } else if response.has_focus() {
                                ui.data_mut(|d| d.insert_temp(id, text.clone()));
                            }
                            ui.end_row();
                        }
                    });
            });
    }
    commands
}
