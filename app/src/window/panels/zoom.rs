//! Zoom and pan of an image shown in a panel (the preview, the inspector): the wheel over it
//! zooms, dragging pans, and buttons go to 1:1 or back to fitting the panel.

/// How an image sits in its panel.
#[derive(Clone, Copy, Debug, Default)]
pub struct ZoomPan {
    /// Screen points per pixel, when not fitting the panel.
    zoom: Option<f32>,
    pan: egui::Vec2,
}

impl ZoomPan {
    /// The "1:1" and "Fit" buttons.
    pub fn buttons_ui(&mut self, ui: &mut egui::Ui) {
        if ui.button("1:1").clicked() {
            *self = Self {
                zoom: Some(1.0),
                pan: egui::Vec2::ZERO,
            };
        }
        if ui.button("Fit").clicked() {
            *self = Self::default();
        }
    }

    /// The scale for an image of `size` pixels in `rect`, after the wheel turned over
    /// `response` this frame.
    pub fn scale(
        &mut self,
        ui: &egui::Ui,
        response: &egui::Response,
        rect: egui::Rect,
        size: egui::Vec2,
    ) -> f32 {
        let fit = (rect.width() / size.x)
            .min(rect.height() / size.y)
            .max(0.01);
        let mut scale = self.zoom.unwrap_or(fit);
        if response.hovered() {
            let scroll = ui.input(|i| i.smooth_scroll_delta.y);
            if scroll != 0.0 {
                scale = (scale * (scroll * 0.01).exp()).clamp(0.05, 64.0);
                self.zoom = Some(scale);
            }
        }
        scale
    }

    /// Moves the image by a drag.
    pub fn pan_by(&mut self, delta: egui::Vec2) {
        self.pan += delta;
    }

    /// Where an image of `size` pixels lies in `rect` at `scale`.
    pub fn image_rect(&self, rect: egui::Rect, size: egui::Vec2, scale: f32) -> egui::Rect {
        egui::Rect::from_center_size(rect.center() + self.pan, size * scale)
    }
}
