//! The real workbench, driven through egui_kittest on the software GPU: untick a technique by its
//! label and the preview's pixels change.

use app::{StartOptions, WorkbenchApp};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;

/// Mean brightness (0..=255) of an image region.
fn mean_brightness(image: &image::RgbaImage, x0: u32, y0: u32, x1: u32, y1: u32) -> f64 {
    let mut sum = 0u64;
    let mut n = 0u64;
    for y in y0..y1 {
        for x in x0..x1 {
            let p = image.get_pixel(x, y);
            sum += u64::from(p[0]) + u64::from(p[1]) + u64::from(p[2]);
            n += 3;
        }
    }
    sum as f64 / n as f64
}

#[test]
fn unticking_vignette_brightens_the_preview_corners() {
    if engine::testing::gpu().is_none() {
        return;
    }
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1200.0, 600.0))
        .wgpu()
        .build_eframe(|cc| {
            WorkbenchApp::new(
                cc,
                StartOptions {
                    input: app::InputChoice::TestCard,
                    ..StartOptions::default()
                },
            )
        });
    harness.run_steps(4);
    let runtime = harness.state().runtime().expect("the demo chain builds");
    let vignette = runtime
        .chain()
        .find("Vignette", None)
        .expect("demo preset has a vignette");
    assert!(runtime.chain().is_enabled(vignette));
    let before = harness.render().expect("render");

    harness.get_by_label("Vignette").click();
    harness.run_steps(4);
    assert!(
        !harness
            .state()
            .runtime()
            .expect("runtime")
            .chain()
            .is_enabled(vignette)
    );
    let after = harness.render().expect("render");

    // The preview fills the central panel: find where the image starts by the panel's size, then
    // compare a corner of the preview and its centre. The vignette darkens corners, not the centre.
    let (w, h) = before.dimensions();
    let left = w * 2 / 5;
    let corner =
        |img: &image::RgbaImage| mean_brightness(img, w - w / 10, h / 4, w - 20, h / 4 + 40);
    let centre = |img: &image::RgbaImage| {
        mean_brightness(
            img,
            (left + w) / 2 - 20,
            h / 2 - 60,
            (left + w) / 2 + 20,
            h / 2 - 40,
        )
    };
    let (corner_before, corner_after) = (corner(&before), corner(&after));
    assert!(
        corner_after > corner_before + 5.0,
        "corner brightness {corner_before:.1} -> {corner_after:.1}"
    );
    let (centre_before, centre_after) = (centre(&before), centre(&after));
    assert!(
        (centre_after - centre_before).abs() < 3.0,
        "centre brightness {centre_before:.1} -> {centre_after:.1}"
    );
}
