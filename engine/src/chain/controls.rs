//! Technique annotations that react to the frame: `toggle` keys (with `togglectrl`,
//! `toggleshift` and `togglealt`) and `timeout`s, read once at load and applied at the start of
//! each frame.

use super::EffectChain;
use crate::sources::FrameInput;

/// Ctrl, Shift and Alt as Windows virtual-key codes, in the order of `togglectrl`,
/// `toggleshift` and `togglealt`.
const MODIFIER_KEYS: [u32; 3] = [0x11, 0x10, 0x12];

/// A technique's `toggle*` and `timeout` annotations, read once at load.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct TechniqueControls {
    /// The toggle key and whether Ctrl, Shift and Alt must be held.
    toggle: Option<(u32, [bool; 3])>,
    timeout_ms: Option<f64>,
}

impl TechniqueControls {
    pub(super) fn of(technique: &analysis::Technique) -> Self {
        let a = &technique.annotations;
        let held = |name: &str| a.flag(name).unwrap_or(false);
        Self {
            toggle: a.number("toggle").filter(|c| *c > 0.0).map(|c| {
                (
                    c as u32,
                    [held("togglectrl"), held("toggleshift"), held("togglealt")],
                )
            }),
            timeout_ms: a.number("timeout").filter(|t| *t > 0.0),
        }
    }

    /// Whether the technique has a toggle key or a timeout, so frames must watch it.
    pub(super) fn reacts(&self) -> bool {
        self.toggle.is_some() || self.timeout_ms.is_some()
    }
}

impl EffectChain {
    /// Applies technique annotations that react to the frame: `toggle` keys (with
    /// `togglectrl`/`toggleshift`/`togglealt`) flip a technique; `timeout` (ms) disables one that
    /// long after it was enabled.
    pub(super) fn apply_technique_annotations(&mut self, input: &FrameInput) {
        // Read at load into `controls`, so this per-frame loop allocates nothing.
        for i in 0..self.controls.len() {
            let (key, control) = self.controls[i];
            if let Some((code, modifiers)) = control.toggle {
                let modifiers_match = MODIFIER_KEYS
                    .iter()
                    .zip(modifiers)
                    .all(|(vk, wanted)| wanted == input.keys_down.contains(vk));
                if modifiers_match && self.source_state.key_pressed(input, code) {
                    let on = !self.is_enabled(key);
                    self.set_enabled(key, on);
                }
            }
            if let Some(timeout_ms) = control.timeout_ms
                && self.is_enabled(key)
            {
                let since = *self.enabled_at.entry(key).or_insert(input.elapsed_ns);
                if input.elapsed_ns.saturating_sub(since) as f64 >= timeout_ms * 1e6 {
                    self.set_enabled(key, false);
                }
            }
        }
    }
}
