//! Techniques in run order: enable checkboxes, GPU times per technique and pass, and the uniforms
//! of each effect.

use analysis::{ScalarKind, UniformId};
use engine::EffectChain;

use crate::Command;

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
    for &key in chain.order() {
        let technique = chain.technique(key);
        if technique.annotations.flag("hidden").unwrap_or(false) {
            continue;
        }
        let timings = chain.timings(key);
        let mut enabled = chain.is_enabled(key);
        ui.horizontal(|ui| {
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
        if enabled && technique.passes.len() > 1 {
            ui.indent(("passes", key.effect, key.technique.index()), |ui| {
                for (i, pass) in technique.passes.iter().enumerate() {
                    let gpu = timings
                        .and_then(|t| t.passes_gpu_ns.get(i))
                        .and_then(|a| a.mean());
                    ui.horizontal(|ui| {
                        ui.weak(pass.name.clone().unwrap_or_else(|| format!("pass {i}")));
                        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                            ui.weak(ms(gpu));
                        });
                    });
                }
            });
        }
    }
    ui.weak(format!(
        "full-frame copies per frame: {}",
        chain.copies_last_frame()
    ));

    for effect_index in 0..chain.effect_count() {
        let effect = chain.effect(effect_index);
        let editable: Vec<_> = effect
            .uniforms
            .iter()
            .enumerate()
            .filter(|(_, u)| !u.annotations.flag("hidden").unwrap_or(false))
            .filter(|(_, u)| {
                effect
                    .find_uniform(&u.name)
                    .is_some_and(|id| chain.uniform_source(effect_index, id).is_none())
            })
            .collect();
        if editable.is_empty() {
            continue;
        }
        ui.separator();
        ui.strong(crate::document::effect_file_name(effect));
        let values = chain.uniform_values(effect_index);
        for (index, uniform) in editable {
            let Some(id) = effect.find_uniform(&uniform.name) else {
                continue;
            };
            let mut value = values[index].clone();
            if uniform_ui(ui, uniform, &mut value) {
                commands.push(Command::SetUniform {
                    effect: effect_index,
                    uniform: id,
                    value,
                });
            }
            let _: UniformId = id;
        }
    }
    commands
}

/// One uniform's widget, chosen by its `ui_type`; returns whether the value changed.
fn uniform_ui(ui: &mut egui::Ui, uniform: &analysis::Uniform, value: &mut [f64]) -> bool {
    let min = uniform.annotations.number("ui_min").unwrap_or(0.0);
    let max = uniform.annotations.number("ui_max").unwrap_or(1.0);
    let step = uniform.annotations.number("ui_step");
    let mut changed = false;
    let is_colour = uniform.annotations.string("ui_type") == Some("color")
        && uniform.ty.scalar == ScalarKind::Float
        && matches!(value.len(), 3 | 4);
    if is_colour {
        ui.horizontal(|ui| {
            ui.label(uniform.label());
            let mut rgba = [0.0f32; 4];
            for (c, v) in rgba.iter_mut().zip(value.iter()) {
                *c = *v as f32;
            }
            let response = if value.len() == 3 {
                let mut rgb = [rgba[0], rgba[1], rgba[2]];
                let r = ui.color_edit_button_rgb(&mut rgb);
                rgba[..3].copy_from_slice(&rgb);
                r
            } else {
                ui.color_edit_button_rgba_unmultiplied(&mut rgba)
            };
            if response.changed() {
                for (v, c) in value.iter_mut().zip(rgba) {
                    *v = f64::from(c);
                }
                changed = true;
            }
        });
        return changed;
    }
    ui.horizontal(|ui| {
        ui.label(uniform.label());
        for component in value.iter_mut() {
            let response = match uniform.ty.scalar {
                ScalarKind::Bool => {
                    let mut on = *component != 0.0;
                    let r = ui.checkbox(&mut on, "");
                    *component = f64::from(u8::from(on));
                    r
                }
                _ if uniform.annotations.string("ui_type") == Some("drag") => {
                    let mut drag = egui::DragValue::new(component).range(min..=max);
                    if let Some(step) = step {
                        drag = drag.speed(step);
                    }
                    ui.add(drag)
                }
                _ => {
                    let mut slider = egui::Slider::new(component, min..=max);
                    if let Some(step) = step {
                        slider = slider.step_by(step);
                    }
                    if uniform.ty.scalar != ScalarKind::Float {
                        slider = slider.integer();
                    }
                    ui.add(slider)
                }
            };
            if let Some(tooltip) = uniform.annotations.string("ui_tooltip") {
                response.clone().on_hover_text(tooltip);
            }
            changed |= response.changed();
        }
    });
    changed
}
