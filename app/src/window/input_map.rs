//! Translates egui's input into the engine's [`FrameInput`]: mouse over the preview in back-buffer
//! pixels, buttons, wheel, and keys as Windows virtual-key codes (what effects and presets use).

use engine::FrameInput;

/// Windows virtual-key code of an egui key, for the keys effects commonly bind.
pub fn virtual_key(key: egui::Key) -> Option<u32> {
    use egui::Key as K;
    let name = key.name();
    if name.len() == 1 {
        let c = name.as_bytes()[0];
        if c.is_ascii_uppercase() || c.is_ascii_digit() {
            return Some(u32::from(c));
        }
    }
    if let Some(n) = name.strip_prefix('F').and_then(|n| n.parse::<u32>().ok()) {
        return (1..=24).contains(&n).then_some(0x6F + n);
    }
    Some(match key {
        K::Backspace => 0x08,
        K::Tab => 0x09,
        K::Enter => 0x0D,
        K::Escape => 0x1B,
        K::Space => 0x20,
        K::PageUp => 0x21,
        K::PageDown => 0x22,
        K::End => 0x23,
        K::Home => 0x24,
        K::ArrowLeft => 0x25,
        K::ArrowUp => 0x26,
        K::ArrowRight => 0x27,
        K::ArrowDown => 0x28,
        K::Insert => 0x2D,
        K::Delete => 0x2E,
        _ => return None,
    })
}

/// Fills the device fields of `frame` from this egui frame. `preview` is where the image is drawn
/// and `size_px` the back buffer's size, to express the cursor in back-buffer pixels.
pub fn fill(
    frame: &mut FrameInput,
    ctx: &egui::Context,
    preview: Option<egui::Rect>,
    size_px: (u32, u32),
    previous_mouse: &mut Option<[f32; 2]>,
) {
    ctx.input(|i| {
        for key in &i.keys_down {
            if let Some(vk) = virtual_key(*key) {
                frame.keys_down.insert(vk);
            }
        }
        for (held, vk) in [
            (i.modifiers.shift, 0x10),
            (i.modifiers.ctrl, 0x11),
            (i.modifiers.alt, 0x12),
        ] {
            if held {
                frame.keys_down.insert(vk);
            }
        }
        let buttons = [
            egui::PointerButton::Primary,
            egui::PointerButton::Secondary,
            egui::PointerButton::Middle,
            egui::PointerButton::Extra1,
            egui::PointerButton::Extra2,
        ];
        for (slot, button) in frame.mouse_down.iter_mut().zip(buttons) {
            *slot = i.pointer.button_down(button);
        }
        frame.mouse_wheel_delta = i.smooth_scroll_delta.y / 50.0;
        if let (Some(pos), Some(rect)) = (i.pointer.hover_pos(), preview) {
            let x = (pos.x - rect.min.x) / rect.width() * size_px.0 as f32;
            let y = (pos.y - rect.min.y) / rect.height() * size_px.1 as f32;
            frame.mouse_px = [x, y];
            if let Some(prev) = previous_mouse {
                frame.mouse_delta_px = [x - prev[0], y - prev[1]];
            }
            *previous_mouse = Some([x, y]);
        }
        frame.overlay_open = true;
    });
}
