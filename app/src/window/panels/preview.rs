//! The chain's output, scaled to fit the central panel with its aspect ratio kept.

use crate::window::runtime::Runtime;

/// Draws the preview; returns where the image landed.
pub fn preview_ui(ui: &mut egui::Ui, runtime: &Runtime) -> egui::Rect {
    let (w, h) = runtime.chain().size();
    let available = ui.available_size();
    let scale = (available.x / w as f32)
        .min(available.y / h as f32)
        .max(0.01);
    let size = egui::vec2(w as f32 * scale, h as f32 * scale);
    ui.centered_and_justified(|ui| {
        let image = egui::Image::from_texture(egui::load::SizedTexture::new(
            runtime.preview_texture(),
            size,
        ))
        .fit_to_exact_size(size);
        ui.add(image).rect
    })
    .inner
}
