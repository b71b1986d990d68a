//! The preview with comparison tools: zoom and pan (1:1, fit), a before/after split with a
//! draggable divider (the chain's output right of it; left of it the input, or the output with
//! one technique left out, to see what that technique adds), a bypass-all toggle, and the stored
//! pixel under the cursor (read back through the chain's capture, only while the cursor is over
//! the image). Where ReShade's own SPIR-V was found for the effect, the left side can be the
//! chain run with ReShade's shaders, and a differences view shows the amplified absolute
//! difference of the two outputs (the factor chosen in the tool bar; the inspector follows it).
//! On a wide back buffer (scRGB, HDR10, HLG) the image is shown through a display transform
//! (`engine::display`: clip or a tone-map curve, at a paper white in nits) chosen in the tool
//! bar; only the preview sees it.

use engine::display::{DisplayCurve, DisplayTransform};
use engine::inspect::{CapturePoint, CaptureRequest, ResourceId};
use engine::{EffectChain, TechniqueKey};

use crate::window::Command;

/// What the preview asks of the window after drawing.
struct PreviewOutcome {
    /// Where the output image is on screen (for mapping the mouse to back-buffer pixels).
    pub image_rect: egui::Rect,
    /// The back buffer capture the pixel readout needs, while the cursor is over the image.
    pub capture: Option<CaptureRequest>,
    /// Whether every technique is bypassed (the output is the input).
    pub bypass: bool,
    /// The technique the left side leaves out, while the split compares outputs.
    pub reference: Option<TechniqueKey>,
    /// The gain of the differences view while ReShade's side is shown (split or differences).
    pub reference_side: Option<f32>,
    /// The back-buffer pixel clicked this frame (the Debug pane's pixel).
    pub clicked: Option<[u32; 2]>,
    /// The display transform chosen, on a wide back buffer.
    pub display: Option<DisplayTransform>,
}

/// The textures the preview draws, registered with egui, and what it knows of ReShade's side.
pub struct PreviewTextures<'a> {
    /// The chain's output.
    pub output: egui::TextureId,
    /// The chain's input.
    pub input: egui::TextureId,
    /// The output without the left-out technique, while there is one.
    pub without: Option<egui::TextureId>,
    /// Whether ReShade's SPIR-V was found for the open effect.
    pub reference_found: bool,
    /// ReShade's side's output and the difference image, while that side runs.
    pub reference: Option<(egui::TextureId, egui::TextureId)>,
    /// Why ReShade's side cannot run.
    pub reference_error: Option<&'a str>,
}

/// The gains the differences view offers.
pub const DIFFERENCE_GAINS: [f32; 6] = [1.0, 4.0, 8.0, 16.0, 32.0, 64.0];

/// What the split shows left of the divider.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Before {
    /// The chain's input.
    #[default]
    Input,
    /// The chain's output with this technique left out.
    Without(TechniqueKey),
    /// The chain run with ReShade's own SPIR-V (where a module was found).
    Reference,
}

/// The preview's state.
pub struct PreviewPanel {
    split: bool,
    before: Before,
    /// Where the divider is, as a fraction of the image's width.
    divider: f32,
    bypass: bool,
    view: super::zoom::ZoomPan,
    readout: Option<String>,
    /// Where the image was drawn last frame.
    image_rect: Option<egui::Rect>,
    /// Shows the amplified difference from ReShade's side instead of the image.
    differences: bool,
    /// The differences view's amplification (one of [`DIFFERENCE_GAINS`]).
    gain: f32,
    /// The display transform's curve on a wide back buffer.
    curve: DisplayCurve,
    /// The paper white chosen and the colour space it was chosen for (another one starts at
    /// its own default).
    paper_white: Option<(analysis::ColorSpace, f32)>,
}

impl Default for PreviewPanel {
    fn default() -> Self {
        Self {
            split: false,
            before: Before::Input,
            divider: 0.5,
            bypass: false,
            view: super::zoom::ZoomPan::default(),
            readout: None,
            image_rect: None,
            differences: false,
            gain: 8.0,
            curve: DisplayCurve::Clip,
            paper_white: None,
        }
    }
}

impl PreviewPanel {
    /// The pixel under the cursor, as last shown.
    pub fn readout(&self) -> Option<&str> {
        self.readout.as_deref()
    }

    /// Where the image was drawn last frame.
    pub fn image_rect(&self) -> Option<egui::Rect> {
        self.image_rect
    }

    /// Where the divider is, as a fraction of the image's width, when the split is on.
    pub fn divider(&self) -> Option<f32> {
        self.split.then_some(self.divider)
    }

    /// Turns the split on, with `before` left of the divider.
    pub fn set_split(&mut self, before: Before) {
        self.split = true;
        self.before = before;
    }

    /// What the split shows left of the divider.
    pub fn before(&self) -> Before {
        self.before
    }

    /// The differences view's gain while it is on (the inspector shows differences then too).
    pub fn differences(&self) -> Option<f32> {
        self.differences.then_some(self.gain)
    }

    /// The display transform a wide back buffer in `color_space` is shown through.
    pub fn display_transform(&self, color_space: analysis::ColorSpace) -> DisplayTransform {
        let paper_white_nits = match self.paper_white {
            Some((space, nits)) if space == color_space => nits,
            _ => engine::display::default_paper_white_nits(color_space),
        };
        DisplayTransform {
            curve: self.curve,
            paper_white_nits,
        }
    }

    /// Chooses the display transform for a wide back buffer in `color_space`.
    pub fn set_display_transform(
        &mut self,
        color_space: analysis::ColorSpace,
        transform: DisplayTransform,
    ) {
        self.curve = transform.curve;
        self.paper_white = Some((color_space, transform.paper_white_nits));
    }

    /// Turns the differences view on or off, with `gain`.
    pub fn set_differences(&mut self, on: bool, gain: f32) {
        self.differences = on;
        self.gain = gain;
    }

    /// Draws the toolbar and the image from `textures`; asks for the next frame's inputs
    /// ([`Command::PreviewShown`]) and the readout's capture ([`Command::Capture`]).
    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        chain: &EffectChain,
        textures: &PreviewTextures<'_>,
    ) -> Vec<Command> {
        let shown = self.draw(ui, chain, textures);
        let mut commands = vec![Command::PreviewShown {
            image_rect: shown.image_rect,
            bypass: shown.bypass,
            without: shown.reference,
            reference_side: shown.reference_side,
            display: shown.display,
        }];
        commands.extend(shown.capture.map(|request| Command::Capture {
            request,
            inspector: false,
        }));
        commands.extend(shown.clicked.map(Command::PickPixel));
        commands
    }

    fn draw(
        &mut self,
        ui: &mut egui::Ui,
        chain: &EffectChain,
        textures: &PreviewTextures<'_>,
    ) -> PreviewOutcome {
        let found = textures.reference_found;
        if !found {
            self.differences = false;
        }
        self.toolbar_ui(ui, chain, found);
        let stale = match self.before {
            // A rebuilt chain without that technique.
            Before::Without(key) => !chain.order().contains(&key),
            // An effect without ReShade's module.
            Before::Reference => !found,
            Before::Input => false,
        };
        if stale {
            self.before = Before::Input;
        }
        if let Some(why) = textures
            .reference_error
            .filter(|_| self.wants_reference_side())
        {
            ui.colored_label(
                ui.visuals().error_fg_color,
                format!("ReShade's shaders cannot run: {why}"),
            );
        }
        let left = match self.before {
            Before::Without(_) => textures.without.unwrap_or(textures.input),
            Before::Reference => textures.reference.map_or(textures.input, |(r, _)| r),
            Before::Input => textures.input,
        };
        let output = match (self.differences, textures.reference) {
            (true, Some((_, difference))) => difference,
            _ => textures.output,
        };
        let (w, h) = chain.size();
        let size = egui::vec2(w as f32, h as f32);
        let (rect, response) =
            ui.allocate_exact_size(ui.available_size(), egui::Sense::click_and_drag());
        let scale = self.view.scale(ui, &response, rect, size);
        let image_rect = self.view.image_rect(rect, size, scale);
        self.image_rect = Some(image_rect);
        let divider_x = image_rect.left() + self.divider * image_rect.width();
        let divider_rect =
            egui::Rect::from_x_y_ranges(divider_x - 4.0..=divider_x + 4.0, image_rect.y_range());
        let divider = ui.interact(
            divider_rect,
            ui.scope_id().with("preview divider"),
            egui::Sense::drag(),
        );
        if self.split && divider.dragged() {
            if let Some(pos) = divider.interact_pointer_pos() {
                self.divider = ((pos.x - image_rect.left()) / image_rect.width()).clamp(0.0, 1.0);
            }
        } else if response.dragged() {
            self.view.pan_by(response.drag_delta());
        }
        self.paint(ui, rect, image_rect, output, left);
        let clicked = response
            .interact_pointer_pos()
            .filter(|p| response.clicked() && image_rect.contains(*p))
            .map(|p| {
                let texel = (p - image_rect.min) / scale;
                [texel.x as u32, texel.y as u32]
            });
        let capture = self.readout_ui(ui, chain, &response, image_rect, scale);
        PreviewOutcome {
            image_rect,
            capture,
            bypass: self.bypass,
            reference: match (self.split, self.before) {
                (true, Before::Without(key)) => Some(key),
                _ => None,
            },
            reference_side: self.wants_reference_side().then_some(self.gain),
            clicked,
            display: wide_color_space(chain).map(|space| self.display_transform(space)),
        }
    }

    /// Whether ReShade's side is shown (left of the split, or in the differences view).
    fn wants_reference_side(&self) -> bool {
        self.differences || (self.split && self.before == Before::Reference)
    }

    fn toolbar_ui(&mut self, ui: &mut egui::Ui, chain: &EffectChain, reference_found: bool) {
        ui.horizontal_wrapped(|ui| {
            ui.checkbox(&mut self.split, "Split before/after")
                .on_hover_text("Left of the divider the input (or the output without one technique), the output right of it");
            if self.split {
                self.before_ui(ui, chain, reference_found);
            }
            if reference_found {
                self.differences_ui(ui);
            }
            ui.checkbox(&mut self.bypass, "Bypass all")
                .on_hover_text("Run no technique: the output is the input");
            if let Some(space) = wide_color_space(chain) {
                self.display_ui(ui, space);
            }
            self.view.buttons_ui(ui);
            ui.weak(
                self.readout
                    .as_deref()
                    .unwrap_or("Hover the image to read its pixels"),
            );
        });
    }

    /// The display transform's curve and paper white, on a wide back buffer in `space`.
    fn display_ui(&mut self, ui: &mut egui::Ui, space: analysis::ColorSpace) {
        let mut transform = self.display_transform(space);
        ui.label("Display");
        egui::ComboBox::from_id_salt("display transform")
            .selected_text(transform.curve.label())
            .show_ui(ui, |ui| {
                for curve in DisplayCurve::ALL {
                    ui.selectable_value(&mut transform.curve, curve, curve.label());
                }
            })
            .response
            .on_hover_text(
                "How the wide back buffer reaches this SDR screen: clipped at paper white, or \
                 tone-mapped (a Reinhard shoulder on luminance). Only the preview is \
                 transformed; effects, screenshots and the inspector see the stored values.",
            );
        ui.add(
            egui::DragValue::new(&mut transform.paper_white_nits)
                .range(1.0..=10_000.0)
                .speed(1.0)
                .suffix(" nits"),
        )
        .on_hover_text("Paper white: the light shown as the screen's white");
        if transform != self.display_transform(space) {
            self.set_display_transform(space, transform);
        }
    }

    /// The differences view's toggle and its amplification.
    fn differences_ui(&mut self, ui: &mut egui::Ui) {
        ui.checkbox(&mut self.differences, "Differences")
            .on_hover_text(
                "The absolute difference between the output and the same chain run with \
             ReShade's own SPIR-V, amplified: black where they agree (the inspector shows the \
             same for any texture)",
            );
        egui::ComboBox::from_id_salt("difference gain")
            .selected_text(format!("x{}", self.gain))
            .show_ui(ui, |ui| {
                for gain in DIFFERENCE_GAINS {
                    ui.selectable_value(&mut self.gain, gain, format!("x{gain}"));
                }
            })
            .response
            .on_hover_text("How much the differences view amplifies");
    }

    /// The left side's choice: the input, ReShade's shaders (when found), or the output without
    /// one of the chain's techniques.
    fn before_ui(&mut self, ui: &mut egui::Ui, chain: &EffectChain, reference_found: bool) {
        let label = |before: Before| match before {
            Before::Input => "input".to_string(),
            Before::Reference => "ReShade reference".to_string(),
            Before::Without(key) => format!("without {}", chain.technique(key).label()),
        };
        egui::ComboBox::from_id_salt("split left")
            .selected_text(label(self.before))
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut self.before, Before::Input, label(Before::Input));
                if reference_found {
                    ui.selectable_value(
                        &mut self.before,
                        Before::Reference,
                        label(Before::Reference),
                    );
                }
                for key in chain.order() {
                    let choice = Before::Without(*key);
                    ui.selectable_value(&mut self.before, choice, label(choice));
                }
            })
            .response
            .on_hover_text(
                "Left of the divider: the input, or the output with one technique left out",
            );
    }

    fn paint(
        &self,
        ui: &egui::Ui,
        clip: egui::Rect,
        image_rect: egui::Rect,
        output: egui::TextureId,
        input: egui::TextureId,
    ) {
        let painter = ui.painter_at(clip);
        let full_uv = egui::Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(1.0, 1.0));
        if !self.split {
            painter.image(output, image_rect, full_uv, egui::Color32::WHITE);
            return;
        }
        let x = image_rect.left() + self.divider * image_rect.width();
        let (left, right) = (
            egui::Rect::from_min_max(image_rect.min, egui::pos2(x, image_rect.bottom())),
            egui::Rect::from_min_max(egui::pos2(x, image_rect.top()), image_rect.max),
        );
        let (left_uv, right_uv) = (
            egui::Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(self.divider, 1.0)),
            egui::Rect::from_min_max(egui::pos2(self.divider, 0.0), egui::pos2(1.0, 1.0)),
        );
        painter.image(input, left, left_uv, egui::Color32::WHITE);
        painter.image(output, right, right_uv, egui::Color32::WHITE);
        painter.line_segment(
            [
                egui::pos2(x, image_rect.top()),
                egui::pos2(x, image_rect.bottom()),
            ],
            egui::Stroke::new(2.0, egui::Color32::WHITE),
        );
    }

    /// While the cursor is over the image: the capture its side needs (the input at the start
    /// of the frame, or the output at its end) and the pixel's values from the latest one.
    fn readout_ui(
        &mut self,
        ui: &egui::Ui,
        chain: &EffectChain,
        response: &egui::Response,
        image_rect: egui::Rect,
        scale: f32,
    ) -> Option<CaptureRequest> {
        let pos = response.hover_pos().filter(|p| image_rect.contains(*p));
        let Some(pos) = pos else {
            self.readout = None;
            return None;
        };
        let texel = (pos - image_rect.min) / scale;
        let (x, y) = (texel.x as u32, texel.y as u32);
        let before = self.split && pos.x < image_rect.left() + self.divider * image_rect.width();
        let left = match self.before {
            Before::Without(key) => Some(format!(
                "the output without {}",
                chain.technique(key).label()
            )),
            Before::Reference => Some("ReShade's shaders".to_string()),
            Before::Input => None,
        };
        if let (true, Some(left)) = (before, left) {
            // The other runs are never captured: their values are not read back.
            self.readout = Some(format!("left: {left}; hover the right side to read values"));
            return None;
        }
        let point = if before {
            CapturePoint::Start
        } else {
            CapturePoint::End
        };
        let side = if before { "input" } else { "output" };
        let wide = wide_color_space(chain);
        if let (Some(Ok(image)), Some(space)) = (chain.captured(), wide)
            && image.request.point == point
            && let Some(values) =
                crate::session::inspect::describe_texel_in(image, x, y, Some(space))
        {
            // Stored values, not what the display transform shows.
            self.readout = Some(format!("{side} {values}"));
        } else if let Some(Ok(image)) = chain.captured()
            && image.request.point == point
            && let Some([r, g, b, a]) = image.texel(x, y)
        {
            let byte = |v: f32| (v * 255.0).round() as u8;
            self.readout = Some(format!(
                "{side} ({x}, {y}): {} {} {} {}",
                byte(r),
                byte(g),
                byte(b),
                byte(a)
            ));
        }
        ui.ctx().request_repaint();
        Some(CaptureRequest {
            resource: ResourceId::BackBuffer,
            point,
            mip_level: 0,
        })
    }
}

/// The chain's colour space when an SDR screen cannot show its back buffer as stored.
fn wide_color_space(chain: &EffectChain) -> Option<analysis::ColorSpace> {
    let space = chain.back_buffer().color_space();
    (space != analysis::ColorSpace::Srgb).then_some(space)
}
