//! Each effect's editable uniforms, grouped by `ui_category`, with the widget their `ui_type`
//! asks for: slider, drag, input, color, combo, list or radio (`ui_items`), checkbox for bools.

use analysis::{ScalarKind, Uniform};
use engine::EffectChain;

use crate::window::Command;

pub fn uniforms_ui(ui: &mut egui::Ui, chain: &EffectChain) -> Vec<Command> {
    let mut commands = Vec::new();
    for effect_index in 0..chain.effect_count() {
        let effect = chain.effect(effect_index);
        let editable: Vec<(usize, &Uniform)> = effect
            .uniforms()
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
        ui.strong(crate::session::document::effect_file_name(effect));
        if editable.iter().any(|(_, u)| u.constant) {
            ui.weak("Performance mode: values are compiled in; turn it off to edit them.");
        }
        let values = chain.uniform_values(effect_index);
        // Uncategorised uniforms first, then one collapsing group per category in first-seen order.
        let mut categories: Vec<&str> = Vec::new();
        for (_, u) in &editable {
            if let Some(c) = u.annotations.string("ui_category")
                && !categories.contains(&c)
            {
                categories.push(c);
            }
        }
        let mut show = |ui: &mut egui::Ui, index: usize, uniform: &Uniform| {
            if let Some(spacing) = uniform.annotations.number("ui_spacing") {
                ui.add_space(spacing as f32 * 8.0);
            }
            let mut value = values[index].clone();
            // Performance mode compiled the value in: shown, not editable.
            let changed = ui
                .add_enabled_ui(!uniform.constant, |ui| {
                    if uniform.ty.array == 0 {
                        return uniform_ui(ui, uniform, uniform.label(), &mut value);
                    }
                    // One row per array element.
                    let mut changed = false;
                    let element_len = uniform.ty.element_len().max(1);
                    for (i, element) in value.chunks_mut(element_len).enumerate() {
                        let label = format!("{}[{i}]", uniform.label());
                        changed |= uniform_ui(ui, uniform, &label, element);
                    }
                    changed
                })
                .inner;
            if changed && let Some(id) = effect.find_uniform(&uniform.name) {
                commands.push(Command::SetUniform {
                    effect: effect_index,
                    uniform: id,
                    value,
                });
            }
        };
        for (index, uniform) in editable
            .iter()
            .filter(|(_, u)| u.annotations.string("ui_category").is_none())
        {
            show(ui, *index, uniform);
        }
        for category in categories {
            let members: Vec<_> = editable
                .iter()
                .filter(|(_, u)| u.annotations.string("ui_category") == Some(category))
                .collect();
            let closed = members
                .iter()
                .any(|(_, u)| u.annotations.flag("ui_category_closed").unwrap_or(false));
            egui::CollapsingHeader::new(category)
                .id_salt(("category", effect_index, category))
                .default_open(!closed)
                .show(ui, |ui| {
                    for (index, uniform) in members {
                        show(ui, *index, uniform);
                    }
                });
        }
    }
    commands
}

/// `ui_items = "First\0Second\0"`: the entries of combo, list and radio widgets.
fn items(uniform: &Uniform) -> Vec<&str> {
    uniform
        .annotations
        .string("ui_items")
        .map(|s| s.split('\0').filter(|i| !i.is_empty()).collect())
        .unwrap_or_default()
}

/// One uniform's widget, chosen by its `ui_type`; returns whether the value changed.
fn uniform_ui(ui: &mut egui::Ui, uniform: &Uniform, label: &str, value: &mut [f64]) -> bool {
    let a = &uniform.annotations;
    let min = a.number("ui_min").unwrap_or(0.0);
    let max = a.number("ui_max").unwrap_or(1.0);
    let step = a.number("ui_step");
    let units = a.string("ui_units").unwrap_or("");
    let ui_type = a.string("ui_type").unwrap_or("slider");
    let integer = uniform.ty.scalar != ScalarKind::Float;
    let mut changed = false;
    let response = ui
        .horizontal(|ui| {
            ui.label(label);
            if uniform.ty.scalar == ScalarKind::Bool {
                for component in value.iter_mut() {
                    let mut on = *component != 0.0;
                    changed |= ui.checkbox(&mut on, "").changed();
                    *component = f64::from(u8::from(on));
                }
                return;
            }
            match ui_type {
                "color" if matches!(value.len(), 3 | 4) => {
                    let mut rgba = [1.0f32; 4];
                    for (c, v) in rgba.iter_mut().zip(value.iter()) {
                        *c = *v as f32;
                    }
                    let r = if value.len() == 3 {
                        let mut rgb = [rgba[0], rgba[1], rgba[2]];
                        let r = ui.color_edit_button_rgb(&mut rgb);
                        rgba[..3].copy_from_slice(&rgb);
                        r
                    } else {
                        ui.color_edit_button_rgba_unmultiplied(&mut rgba)
                    };
                    if r.changed() {
                        for (v, c) in value.iter_mut().zip(rgba) {
                            *v = f64::from(c);
                        }
                        changed = true;
                    }
                }
                "combo" | "list" | "radio" if !items(uniform).is_empty() && value.len() == 1 => {
                    let entries = items(uniform);
                    let mut selected = (value[0].max(0.0) as usize).min(entries.len() - 1);
                    if ui_type == "radio" {
                        ui.vertical(|ui| {
                            for (i, entry) in entries.iter().enumerate() {
                                changed |= ui.radio_value(&mut selected, i, *entry).changed();
                            }
                        });
                    } else {
                        egui::ComboBox::from_id_salt(("combo", &uniform.name, label))
                            .selected_text(entries[selected])
                            .show_ui(ui, |ui| {
                                for (i, entry) in entries.iter().enumerate() {
                                    changed |=
                                        ui.selectable_value(&mut selected, i, *entry).changed();
                                }
                            });
                    }
                    value[0] = selected as f64;
                }
                _ => {
                    for component in value.iter_mut() {
                        let r = match ui_type {
                            "drag" | "input" => {
                                let mut drag = egui::DragValue::new(component).suffix(units);
                                if ui_type == "drag" || a.get("ui_min").is_some() {
                                    drag = drag.range(min..=max);
                                }
                                if let Some(step) = step {
                                    drag = drag.speed(step);
                                }
                                if integer {
                                    drag = drag.fixed_decimals(0);
                                }
                                ui.add(drag)
                            }
                            _ => {
                                let mut slider =
                                    egui::Slider::new(component, min..=max).suffix(units);
                                if let Some(step) = step {
                                    slider = slider.step_by(step);
                                }
                                if integer {
                                    slider = slider.integer();
                                }
                                ui.add(slider)
                            }
                        };
                        changed |= r.changed();
                    }
                }
            }
        })
        .response;
    if let Some(tooltip) = a.string("ui_tooltip") {
        response.on_hover_text(tooltip);
    }
    changed
}
