//! Each effect's editable uniforms, grouped by `ui_category`, with the widget their `ui_type`
//! asks for: slider, drag, input, color, combo, list or radio (`ui_items`), checkbox for bools.
//! A filter by name or label, a reset to the initial value per uniform and per effect, and the
//! uniforms of effects with no enabled technique greyed, and so are uniforms that only disabled
//! techniques read.

use std::collections::HashSet;

use analysis::{ScalarKind, Uniform, ValidatedEffect};
use engine::sources::UniformRef;
use engine::{EffectChain, EffectIndex};

use crate::window::Command;

/// Whether `uniform` passes the filter (its name or label contains it, ignoring case).
fn matches(uniform: &Uniform, filter: &str) -> bool {
    let filter = filter.trim().to_lowercase();
    filter.is_empty()
        || uniform.name.to_lowercase().contains(&filter)
        || uniform.label().to_lowercase().contains(&filter)
}

/// What the panel did this frame: edits to apply, and the uniform being edited and the one under
/// the cursor (ReShade's `overlay_active`/`overlay_hovered` sources).
#[derive(Default)]
struct UniformsOutput {
    pub commands: Vec<Command>,
    pub active: Option<UniformRef>,
    pub hovered: Option<UniformRef>,
}

/// Draws the panel; its edits, then [`Command::Overlay`] with the uniform being edited and the
/// one under the cursor.
pub fn uniforms_ui(ui: &mut egui::Ui, chain: &EffectChain, filter: &mut String) -> Vec<Command> {
    let output = uniforms_output(ui, chain, filter);
    let mut commands = output.commands;
    commands.push(Command::Overlay {
        active: output.active,
        hovered: output.hovered,
    });
    commands
}

fn uniforms_output(ui: &mut egui::Ui, chain: &EffectChain, filter: &mut String) -> UniformsOutput {
    let mut output = UniformsOutput::default();
    ui.horizontal(|ui| {
        ui.label("Filter");
        ui.add(
            egui::TextEdit::singleline(filter)
                .id_salt("uniform filter")
                .hint_text("name or label")
                .desired_width(160.0),
        );
        if !filter.is_empty() && ui.small_button("Clear").clicked() {
            filter.clear();
        }
    });
    egui::ScrollArea::vertical()
        .id_salt("uniforms")
        .auto_shrink([false, false])
        .show(ui, |ui| {
            for effect in chain.effect_indices() {
                effect_ui(ui, chain, effect, filter, &mut output);
            }
        });
    output
}

/// The editable uniforms of one effect: a header with its file name and "Reset all", then the
/// uncategorised uniforms and one collapsing group per `ui_category`, in first-seen order.
fn effect_ui(
    ui: &mut egui::Ui,
    chain: &EffectChain,
    effect: EffectIndex,
    filter: &str,
    output: &mut UniformsOutput,
) {
    let rows = EffectRows::new(chain, effect);
    let editable = rows.editable(filter);
    if editable.is_empty() {
        return;
    }
    ui.separator();
    rows.header_ui(ui, &editable, &mut output.commands);
    if !rows.running {
        ui.weak("No technique of this effect is enabled.");
        ui.multiply_opacity(0.5);
    }
    if editable.iter().any(|(_, u)| u.constant) {
        ui.weak("Performance mode: values are compiled in; turn it off to edit them.");
    }
    let mut categories: Vec<&str> = Vec::new();
    for (_, u) in &editable {
        if let Some(c) = u.annotations.string("ui_category")
            && !categories.contains(&c)
        {
            categories.push(c);
        }
    }
    for (index, uniform) in editable
        .iter()
        .filter(|(_, u)| u.annotations.string("ui_category").is_none())
    {
        rows.row_ui(ui, *index, uniform, output);
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
            .id_salt(("category", effect.index(), category))
            .default_open(!closed)
            .show(ui, |ui| {
                for (index, uniform) in members {
                    rows.row_ui(ui, *index, uniform, output);
                }
            });
    }
}

/// One effect's uniforms as the panel shows them this frame: their values, and which of them
/// the enabled techniques read.
struct EffectRows<'a> {
    chain: &'a EffectChain,
    index: EffectIndex,
    effect: &'a ValidatedEffect,
    values: &'a [Vec<f64>],
    /// Whether some technique of the effect is enabled.
    running: bool,
    /// Uniforms the enabled techniques read; the others are greyed, since changing them changes
    /// nothing now.
    read_by_running: HashSet<usize>,
}

impl<'a> EffectRows<'a> {
    fn new(chain: &'a EffectChain, index: EffectIndex) -> Self {
        let enabled = || {
            chain
                .order()
                .iter()
                .filter(move |k| k.effect == index && chain.is_enabled(**k))
        };
        let read_by_running = enabled()
            .flat_map(|k| &chain.technique(*k).passes)
            .flat_map(|p| p.uniforms_read())
            .map(|id| id.index())
            .collect();
        Self {
            chain,
            index,
            effect: chain.effect(index),
            values: chain.uniform_values(index),
            running: enabled().next().is_some(),
            read_by_running,
        }
    }

    /// The uniforms the user may edit (not hidden, not filled by a runtime source) that pass
    /// the filter, with their indices.
    fn editable(&self, filter: &str) -> Vec<(usize, &'a Uniform)> {
        let effect = self.effect;
        effect
            .uniforms()
            .iter()
            .enumerate()
            .filter(|(_, u)| !u.annotations.flag("hidden").unwrap_or(false))
            .filter(|(_, u)| {
                effect
                    .find_uniform(&u.name)
                    .is_some_and(|id| self.chain.uniform_source(self.index, id).is_none())
            })
            .filter(|(_, u)| matches(u, filter))
            .collect()
    }

    /// The effect's file name and, when some value differs from its initial one, "Reset all".
    fn header_ui(
        &self,
        ui: &mut egui::Ui,
        editable: &[(usize, &Uniform)],
        commands: &mut Vec<Command>,
    ) {
        ui.horizontal(|ui| {
            ui.strong(crate::session::document::effect_file_name(self.effect));
            let changed: Vec<&(usize, &Uniform)> = editable
                .iter()
                .filter(|(i, u)| !u.constant && self.values[*i] != u.init)
                .collect();
            if !changed.is_empty()
                && ui
                    .small_button("Reset all")
                    .on_hover_text("Every uniform of this effect back to its initial value")
                    .clicked()
            {
                for (_, u) in changed {
                    if let Some(id) = self.effect.find_uniform(&u.name) {
                        commands.push(Command::SetUniform {
                            effect: self.index,
                            uniform: id,
                            value: u.init.clone(),
                        });
                    }
                }
            }
        });
    }

    /// One uniform's row (one per element of an array), reporting edits as commands and the
    /// uniform being worked or hovered.
    fn row_ui(
        &self,
        ui: &mut egui::Ui,
        index: usize,
        uniform: &Uniform,
        output: &mut UniformsOutput,
    ) {
        if let Some(spacing) = uniform.annotations.number("ui_spacing") {
            ui.add_space(spacing as f32 * 8.0);
        }
        let mut value = self.values[index].clone();
        let resettable = !uniform.constant && value != uniform.init;
        let idle = self.running && !self.read_by_running.contains(&index);
        // Performance mode compiled the value in: shown, not editable.
        let row = ui.add_enabled_ui(!uniform.constant, |ui| {
            if idle {
                ui.multiply_opacity(0.5);
            }
            elements_ui(ui, uniform, &mut value, resettable)
        });
        let (outcome, engaged) = row.inner;
        let id = self.effect.find_uniform(&uniform.name);
        let at = id.map(|uniform| UniformRef {
            effect: self.index,
            uniform,
        });
        if engaged {
            output.active = at;
        }
        if row.response.contains_pointer() {
            output.hovered = at;
        }
        if outcome == Outcome::Reset {
            value.clone_from(&uniform.init);
        }
        if outcome != Outcome::Unchanged
            && let Some(id) = id
        {
            output.commands.push(Command::SetUniform {
                effect: self.index,
                uniform: id,
                value,
            });
        }
    }
}

/// A uniform's widgets: one row, or one per array element with the reset button on the first.
fn elements_ui(
    ui: &mut egui::Ui,
    uniform: &Uniform,
    value: &mut [f64],
    resettable: bool,
) -> (Outcome, bool) {
    if uniform.ty.array == 0 {
        return uniform_ui(ui, uniform, uniform.label(), value, resettable);
    }
    let mut outcome = (Outcome::Unchanged, false);
    let element_len = uniform.ty.element_len().max(1);
    for (i, element) in value.chunks_mut(element_len).enumerate() {
        let label = format!("{}[{i}]", uniform.label());
        let (o, engaged) = uniform_ui(ui, uniform, &label, element, resettable && i == 0);
        outcome.1 |= engaged;
        if o != Outcome::Unchanged {
            outcome.0 = o;
        }
    }
    outcome
}

/// `ui_items = "First\0Second\0"`: the entries of combo, list and radio widgets.
fn items(uniform: &Uniform) -> Vec<&str> {
    uniform
        .annotations
        .string("ui_items")
        .map(|s| s.split('\0').filter(|i| !i.is_empty()).collect())
        .unwrap_or_default()
}

/// The swatch of a colour uniform: the components as the shader receives them, shown as they
/// are (the values an effect writes out), as ReShade's widget shows them, not taken for linear
/// light and encoded again (which showed the fog's (0.75, 0.8, 0.9) as (225, 231, 243)).
pub fn swatch_colour(value: &[f64]) -> egui::Color32 {
    let byte = |i: usize| {
        let v = value.get(i).copied().unwrap_or(1.0);
        (v.clamp(0.0, 1.0) * 255.0).round() as u8
    };
    egui::Color32::from_rgba_unmultiplied(byte(0), byte(1), byte(2), byte(3))
}

/// A colour: the swatch with its picker, and each component as a number (the picker rounds to
/// 8 bits; the numbers keep the float). Four components have alpha.
fn colour_ui(ui: &mut egui::Ui, value: &mut [f64], track: &mut Tracker) {
    let mut colour = swatch_colour(value);
    let alpha = if value.len() == 4 {
        egui::color_picker::Alpha::OnlyBlend
    } else {
        egui::color_picker::Alpha::Opaque
    };
    let button = egui::color_picker::color_edit_button_srgba(ui, &mut colour, alpha);
    if button.changed() {
        for (v, c) in value.iter_mut().zip(colour.to_srgba_unmultiplied()) {
            *v = f64::from(c) / 255.0;
        }
    }
    track.note(&button);
    for component in value.iter_mut() {
        track.note(
            &ui.add(
                egui::DragValue::new(component)
                    .range(0.0..=1.0)
                    .speed(0.005)
                    .fixed_decimals(3),
            ),
        );
    }
}

/// What the user did with one uniform's row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Outcome {
    Unchanged,
    Edited,
    /// Asked for the initial value (of the whole uniform, arrays included).
    Reset,
}

/// Collects, over a row's widgets, whether any changed its value and whether the user is
/// working one (dragging it, typing in it or holding a button on it).
#[derive(Default)]
struct Tracker {
    changed: bool,
    engaged: bool,
}

impl Tracker {
    fn note(&mut self, response: &egui::Response) {
        self.changed |= response.changed();
        self.engaged |=
            response.dragged() || response.has_focus() || response.is_pointer_button_down_on();
    }
}

/// One uniform's widget, chosen by its `ui_type`, and with `reset` a button that puts the
/// initial value back. Returns what the user did and whether they are working the row.
fn uniform_ui(
    ui: &mut egui::Ui,
    uniform: &Uniform,
    label: &str,
    value: &mut [f64],
    reset: bool,
) -> (Outcome, bool) {
    let a = &uniform.annotations;
    let ui_type = a.string("ui_type").unwrap_or("slider");
    let mut track = Tracker::default();
    let mut reset_clicked = false;
    let response = ui
        .horizontal(|ui| {
            ui.label(label);
            if uniform.ty.scalar == ScalarKind::Bool {
                for component in value.iter_mut() {
                    let mut on = *component != 0.0;
                    track.note(&ui.checkbox(&mut on, ""));
                    *component = f64::from(u8::from(on));
                }
                return;
            }
            match ui_type {
                "color" if matches!(value.len(), 3 | 4) => colour_ui(ui, value, &mut track),
                "combo" | "list" | "radio" if !items(uniform).is_empty() && value.len() == 1 => {
                    choice_ui(ui, uniform, label, ui_type, &mut value[0], &mut track);
                }
                _ => {
                    for component in value.iter_mut() {
                        track.note(&number_ui(ui, uniform, ui_type, component));
                    }
                }
            }
            if reset {
                let button = ui
                    .small_button("Reset")
                    .on_hover_text(format!("{} back to its initial value", uniform.name));
                reset_clicked = button.clicked();
                track.note(&button);
            }
        })
        .response;
    if let Some(tooltip) = a.string("ui_tooltip") {
        response.on_hover_text(tooltip);
    }
    let outcome = if reset_clicked {
        Outcome::Reset
    } else if track.changed {
        Outcome::Edited
    } else {
        Outcome::Unchanged
    };
    (outcome, track.engaged)
}

/// A combo box, list or radio buttons over `ui_items`, for an index.
fn choice_ui(
    ui: &mut egui::Ui,
    uniform: &Uniform,
    label: &str,
    ui_type: &str,
    value: &mut f64,
    track: &mut Tracker,
) {
    let entries = items(uniform);
    let mut selected = (value.max(0.0) as usize).min(entries.len() - 1);
    if ui_type == "radio" {
        ui.vertical(|ui| {
            for (i, entry) in entries.iter().enumerate() {
                track.note(&ui.radio_value(&mut selected, i, *entry));
            }
        });
    } else {
        let combo = egui::ComboBox::from_id_salt(("combo", &uniform.name, label))
            .selected_text(entries[selected])
            .show_ui(ui, |ui| {
                for (i, entry) in entries.iter().enumerate() {
                    track.note(&ui.selectable_value(&mut selected, i, *entry));
                }
            });
        track.engaged |= combo.inner.is_some();
        track.note(&combo.response);
    }
    *value = selected as f64;
}

/// A slider (the default), drag or input field for one number, with `ui_min`/`ui_max`/`ui_step`
/// and `ui_units`.
fn number_ui(
    ui: &mut egui::Ui,
    uniform: &Uniform,
    ui_type: &str,
    component: &mut f64,
) -> egui::Response {
    let a = &uniform.annotations;
    // A bound ReShade folded to a NaN (`0.0 / 0.0`) is no bound; an infinite one is kept, and
    // a slider cannot span it, so it becomes a drag field.
    let bound = |name, default| a.number(name).filter(|v| !v.is_nan()).unwrap_or(default);
    let (min, max) = (bound("ui_min", 0.0), bound("ui_max", 1.0));
    let step = a.number("ui_step").filter(|v| v.is_finite());
    let units = a.string("ui_units").unwrap_or("");
    let integer = uniform.ty.scalar != ScalarKind::Float;
    let ui_type = if min.is_finite() && max.is_finite() {
        ui_type
    } else {
        "drag"
    };
    match ui_type {
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
            let mut slider = egui::Slider::new(component, min..=max).suffix(units);
            if let Some(step) = step {
                slider = slider.step_by(step);
            }
            if integer {
                slider = slider.integer();
            }
            ui.add(slider)
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_swatch_shows_the_values_the_shader_receives() {
        let fog = super::swatch_colour(&[0.75, 0.8, 0.9]);
        assert_eq!(fog.to_srgba_unmultiplied(), [191, 204, 230, 255]);
        let translucent = super::swatch_colour(&[1.0, 0.0, 0.5, 0.5]);
        let [r, g, b, a] = translucent.to_srgba_unmultiplied();
        assert_eq!((g, a), (0, 128));
        assert!(r >= 254 && (127..=129).contains(&b), "{r} {b}");
    }
}
