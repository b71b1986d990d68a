//! The render-target inspector: every texture of the chain with its size, format, levels, memory
//! and the passes that write and read it; the chosen one as it is after a chosen pass of the
//! current frame, with channel isolation, range remapping, mip level, zoom and pan (1:1, fit),
//! the stored values under the cursor (on a wide back buffer with the light they stand for in
//! nits), NaN and infinities highlighted, and export to PNG.
//!
//! The panel only asks for a capture ([`InspectorPanel::show`] returns the request); the chain
//! copies the texture at that boundary while the request is set, and reads it back later.

use engine::EffectChain;
use engine::inspect::{
    CapturePoint, CaptureRequest, CapturedImage, PassRef, ResourceId, ResourceInfo,
};

use crate::session::inspect::{self as view, Channel, DisplaySettings, ValueRange};
use crate::window::Command;

/// What the shown texture was made from: a capture and the settings it was drawn with.
type Shown = (u64, CaptureRequest, DisplaySettings);

/// The inspector's state.
pub struct InspectorPanel {
    resource: ResourceId,
    point: CapturePoint,
    mip_level: u32,
    settings: DisplaySettings,
    view: super::zoom::ZoomPan,
    texture: Option<(Shown, egui::TextureHandle)>,
    /// The readout of the texel under the cursor.
    readout: Option<String>,
    /// Where the image was drawn last frame, and its points per texel.
    placement: Option<(egui::Rect, f32)>,
    status: String,
    /// The texel clicked this frame (the Debug pane's pixel).
    clicked: Option<[u32; 2]>,
}

impl Default for InspectorPanel {
    fn default() -> Self {
        Self {
            resource: ResourceId::BackBuffer,
            point: CapturePoint::End,
            mip_level: 0,
            settings: DisplaySettings::default(),
            view: super::zoom::ZoomPan::default(),
            texture: None,
            readout: None,
            placement: None,
            status: String::new(),
            clicked: None,
        }
    }
}

impl InspectorPanel {
    /// The texture being inspected.
    pub fn resource(&self) -> ResourceId {
        self.resource
    }

    /// The stored values under the cursor, as last shown.
    pub fn readout(&self) -> Option<&str> {
        self.readout.as_deref()
    }

    /// Where the image was drawn last frame (screen rectangle) and its points per texel.
    pub fn image_placement(&self) -> Option<(egui::Rect, f32)> {
        self.placement
    }

    /// Draws the panel; asks for the capture the chain should make from now on
    /// ([`Command::Capture`]). With `against`
    /// (the reference side's chain and the difference's gain, in the preview's differences
    /// view), shows the amplified difference of the texture on both sides instead.
    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        chain: &EffectChain,
        against: Option<(&EffectChain, f32)>,
    ) -> Vec<Command> {
        let request = self.draw(ui, chain, against);
        let mut commands = vec![Command::Capture {
            request,
            inspector: true,
        }];
        commands.extend(self.clicked.take().map(Command::PickPixel));
        commands
    }

    fn draw(
        &mut self,
        ui: &mut egui::Ui,
        chain: &EffectChain,
        against: Option<(&EffectChain, f32)>,
    ) -> CaptureRequest {
        let resources = chain.resources();
        if !resources.iter().any(|r| r.id == self.resource) {
            self.resource = ResourceId::BackBuffer;
        }
        if !capture_points(chain).iter().any(|(p, _)| *p == self.point) {
            self.point = CapturePoint::End;
        }
        egui::Panel::left("inspector resources")
            .resizable(true)
            .default_size(280.0)
            .show(ui, |ui| self.resources_ui(ui, chain, &resources));
        let info = resources.iter().find(|r| r.id == self.resource);
        self.controls_ui(ui, chain, info);
        match (chain.captured(), against) {
            (Some(Ok(image)), Some((other, gain))) if image.request.resource == self.resource => {
                match other.captured() {
                    Some(Ok(theirs)) => match view::difference(image, theirs, gain) {
                        Some(difference) => {
                            ui.label(format!(
                                "Differences from ReShade's shaders, amplified {gain}x"
                            ));
                            self.image_ui(ui, &difference, None);
                        }
                        None => {
                            ui.weak("Capturing ReShade's side...");
                        }
                    },
                    Some(Err(e)) => {
                        ui.label(format!("No capture of ReShade's side: {e}"));
                    }
                    None => {
                        ui.weak("Capturing ReShade's side...");
                    }
                }
            }
            (Some(Ok(image)), None) if image.request.resource == self.resource => {
                // The back buffer of a wide chain holds light: the readout gives its nits.
                let light = (image.request.resource == ResourceId::BackBuffer)
                    .then(|| chain.back_buffer().color_space());
                self.image_ui(ui, image, light);
            }
            (Some(Err(e)), _) => {
                ui.label(format!("No capture: {e}"));
            }
            _ => {
                ui.weak("Capturing...");
            }
        }
        CaptureRequest {
            resource: self.resource,
            point: self.point,
            mip_level: self.mip_level,
        }
    }

    fn resources_ui(&mut self, ui: &mut egui::Ui, chain: &EffectChain, resources: &[ResourceInfo]) {
        ui.heading("Textures");
        egui::ScrollArea::vertical().show(ui, |ui| {
            for r in resources {
                let text = format!(
                    "{}\n{}x{}{} {:?}, {} mip{}, {:.1} KiB, {}",
                    r.name,
                    r.size.0,
                    r.size.1,
                    if r.size.2 > 1 {
                        format!("x{}", r.size.2)
                    } else {
                        String::new()
                    },
                    r.format,
                    r.mip_levels,
                    if r.mip_levels == 1 { "" } else { "s" },
                    r.memory_bytes as f64 / 1024.0,
                    r.role.label(),
                );
                let response = ui
                    .selectable_label(self.resource == r.id, text)
                    .on_hover_text(format!(
                        "written by: {}\nread by: {}",
                        pass_list(chain, &r.writers),
                        pass_list(chain, &r.readers)
                    ));
                if response.clicked() && self.resource != r.id {
                    self.resource = r.id;
                    self.mip_level = 0;
                    self.readout = None;
                    self.placement = None;
                }
            }
        });
    }

    fn controls_ui(&mut self, ui: &mut egui::Ui, chain: &EffectChain, info: Option<&ResourceInfo>) {
        ui.horizontal_wrapped(|ui| {
            ui.label("After");
            let points = capture_points(chain);
            let current = points
                .iter()
                .find(|(p, _)| *p == self.point)
                .map_or_else(String::new, |(_, l)| l.clone());
            egui::ComboBox::from_id_salt("inspector point")
                .selected_text(current)
                .show_ui(ui, |ui| {
                    for (point, label) in &points {
                        ui.selectable_value(&mut self.point, *point, label);
                    }
                });
            let levels = info.map_or(1, |i| i.mip_levels);
            if levels > 1 {
                ui.label("Mip");
                ui.add(egui::DragValue::new(&mut self.mip_level).range(0..=levels - 1));
            }
            ui.separator();
            for channel in Channel::ALL {
                ui.selectable_value(&mut self.settings.channel, channel, channel.label());
            }
        });
        ui.horizontal_wrapped(|ui| {
            self.range_ui(ui);
            ui.separator();
            self.view.buttons_ui(ui);
            if ui.button("Export PNG...").clicked() {
                self.export(chain);
            }
            ui.weak(&self.status);
        });
    }

    fn range_ui(&mut self, ui: &mut egui::Ui) {
        ui.label("Range");
        let mut kind = match self.settings.range {
            ValueRange::Unit => 0,
            ValueRange::Auto => 1,
            ValueRange::Manual { .. } => 2,
        };
        ui.selectable_value(&mut kind, 0, "0..1");
        ui.selectable_value(&mut kind, 1, "auto");
        ui.selectable_value(&mut kind, 2, "min/max");
        self.settings.range = match (kind, self.settings.range) {
            (0, _) => ValueRange::Unit,
            (1, _) => ValueRange::Auto,
            (_, ValueRange::Manual { min, max }) => ValueRange::Manual { min, max },
            _ => ValueRange::Manual { min: 0.0, max: 1.0 },
        };
        if let ValueRange::Manual { min, max } = &mut self.settings.range {
            ui.add(egui::DragValue::new(min).speed(0.01).prefix("min "));
            ui.add(egui::DragValue::new(max).speed(0.01).prefix("max "));
        }
    }

    /// Writes what is shown to a PNG chosen in the save dialog.
    fn export(&mut self, chain: &EffectChain) {
        let Some(Ok(image)) = chain.captured() else {
            self.status = "nothing captured yet".into();
            return;
        };
        let Some(path) = rfd::FileDialog::new()
            .add_filter("PNG", &["png"])
            .set_file_name("capture.png")
            .save_file()
        else {
            return;
        };
        self.status = match view::display_png(image, self.settings) {
            Ok(png) => match crate::session::files::write_atomic(&path, &png) {
                Ok(()) => format!("saved {}", path.display()),
                Err(e) => format!("could not save {}: {e}", path.display()),
            },
            Err(e) => format!("could not encode the PNG: {e}"),
        };
    }

    fn image_ui(
        &mut self,
        ui: &mut egui::Ui,
        image: &CapturedImage,
        light: Option<analysis::ColorSpace>,
    ) {
        let (nan, inf) = view::non_finite_counts(image);
        ui.horizontal(|ui| {
            ui.label(format!(
                "{}x{} {:?}, mip {}",
                image.width, image.height, image.format, image.request.mip_level
            ));
            if image.is_float()
                && let Some((lo, hi)) = view::finite_range(image, self.settings.channel)
            {
                ui.label(format!("values {lo} .. {hi}"));
            }
            if nan + inf > 0 {
                ui.colored_label(
                    egui::Color32::from_rgb(255, 0, 255),
                    format!("{nan} texels NaN (magenta), {inf} infinite (cyan)"),
                );
            }
        });
        ui.label(
            self.readout
                .as_deref()
                .unwrap_or("Hover the image to read its texels"),
        );
        let texture = self.texture_for(ui.ctx(), image);
        let (rect, response) =
            ui.allocate_exact_size(ui.available_size(), egui::Sense::click_and_drag());
        let size = egui::vec2(image.width as f32, image.height as f32);
        let scale = self.view.scale(ui, &response, rect, size);
        if response.dragged() {
            self.view.pan_by(response.drag_delta());
        }
        let image_rect = self.view.image_rect(rect, size, scale);
        self.placement = Some((image_rect, scale));
        let painter = ui.painter_at(rect);
        painter.image(
            texture,
            image_rect,
            egui::Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(1.0, 1.0)),
            egui::Color32::WHITE,
        );
        if let Some(pos) = response.hover_pos() {
            let texel = (pos - image_rect.min) / scale;
            self.readout = (texel.x >= 0.0 && texel.y >= 0.0)
                .then(|| view::describe_texel_in(image, texel.x as u32, texel.y as u32, light))
                .flatten();
            if response.clicked() && image_rect.contains(pos) {
                self.clicked = Some([texel.x as u32, texel.y as u32]);
            }
        }
    }

    /// The egui texture showing `image` as the settings say, remade when either changed.
    fn texture_for(&mut self, ctx: &egui::Context, image: &CapturedImage) -> egui::TextureId {
        let key = (image.serial, image.request, self.settings);
        if let Some((shown, handle)) = &mut self.texture {
            if *shown != key {
                handle.set(
                    color_image(image, self.settings),
                    egui::TextureOptions::NEAREST,
                );
                *shown = key;
            }
            return handle.id();
        }
        let handle = ctx.load_texture(
            "inspector capture",
            color_image(image, self.settings),
            egui::TextureOptions::NEAREST,
        );
        let id = handle.id();
        self.texture = Some((key, handle));
        id
    }
}

fn color_image(image: &CapturedImage, settings: DisplaySettings) -> egui::ColorImage {
    egui::ColorImage::from_rgba_unmultiplied(
        [image.width as usize, image.height as usize],
        &view::display_rgba8(image, settings),
    )
}

/// The boundaries a capture can be taken at: the start, after each pass of each enabled
/// technique in run order, the end.
fn capture_points(chain: &EffectChain) -> Vec<(CapturePoint, String)> {
    let mut points = vec![(CapturePoint::Start, "start of frame (input)".to_string())];
    for &key in chain.order().iter().filter(|k| chain.is_enabled(**k)) {
        let technique = chain.technique(key);
        for (i, pass) in technique.passes.iter().enumerate() {
            points.push((
                CapturePoint::AfterPass(PassRef { key, pass: i }),
                format!(
                    "{} / {}",
                    technique.label(),
                    crate::session::timing::pass_label(pass, i)
                ),
            ));
        }
    }
    points.push((CapturePoint::End, "end of frame (output)".to_string()));
    points
}

/// "Technique / pass, ..." or "none".
fn pass_list(chain: &EffectChain, passes: &[PassRef]) -> String {
    if passes.is_empty() {
        return "none".into();
    }
    passes
        .iter()
        .map(|p| {
            let technique = chain.technique(p.key);
            format!(
                "{} / {}",
                technique.label(),
                crate::session::timing::pass_label(&technique.passes[p.pass], p.pass)
            )
        })
        .collect::<Vec<_>>()
        .join(", ")
}
