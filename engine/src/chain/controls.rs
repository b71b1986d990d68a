//! Technique annotations that react to the frame: `toggle` keys (with `togglectrl`,
//! `toggleshift` and `togglealt`) and `timeout`s, read once at load and applied at the start of
//! each frame. A preset's `Key<Technique@File>=` binding replaces the annotation's key
//! ([`EffectChain::set_toggle_key`]), as in ReShade 6, where annotations are only the default.

use super::{EffectChain, TechniqueKey};
use crate::sources::FrameInput;

/// A key that toggles a technique: a Windows virtual-key code and the modifiers that must be
/// held with it (ReShade's `vk,ctrl,shift,alt`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ToggleKey {
    pub vk: u32,
    pub ctrl: bool,
    pub shift: bool,
    pub alt: bool,
}

impl ToggleKey {
    fn modifiers(self) -> [bool; 3] {
        [self.ctrl, self.shift, self.alt]
    }
}

/// Ctrl, Shift and Alt as Windows virtual-key codes, in the order of `togglectrl`,
/// `toggleshift` and `togglealt`.
const MODIFIER_KEYS: [u32; 3] = [0x11, 0x10, 0x12];

/// A technique's `toggle*` and `timeout` annotations, read once at load.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct TechniqueControls {
    toggle: Option<ToggleKey>,
    timeout_ms: Option<f64>,
    /// The toggle key was bound by [`EffectChain::set_toggle_key`] (a preset), not read from the
    /// annotation: a reload keeps it.
    bound: bool,
}

impl TechniqueControls {
    pub(super) fn of(technique: &analysis::Technique) -> Self {
        let a = &technique.annotations;
        let held = |name: &str| a.flag(name).unwrap_or(false);
        Self {
            toggle: a.number("toggle").filter(|c| *c > 0.0).map(|c| ToggleKey {
                vk: c as u32,
                ctrl: held("togglectrl"),
                shift: held("toggleshift"),
                alt: held("togglealt"),
            }),
            timeout_ms: a.number("timeout").filter(|t| *t > 0.0),
            bound: false,
        }
    }

    /// Whether the technique has a toggle key or a timeout, so frames must watch it, or a bound
    /// key (even none) that a reload must keep.
    pub(super) fn reacts(&self) -> bool {
        self.toggle.is_some() || self.timeout_ms.is_some() || self.bound
    }
}

impl EffectChain {
    /// The key that toggles technique `key`: the preset's binding, else its `toggle` annotation.
    pub fn toggle_key(&self, key: TechniqueKey) -> Option<ToggleKey> {
        self.controls
            .iter()
            .find(|(k, _)| *k == key)
            .and_then(|(_, c)| c.toggle)
    }

    /// Binds (or, with `None`, unbinds) the key that toggles technique `key`, replacing its
    /// `toggle` annotation, as a preset's `Key<Technique@File>=` line does in ReShade.
    pub fn set_toggle_key(&mut self, key: TechniqueKey, toggle: Option<ToggleKey>) {
        match self.controls.iter_mut().find(|(k, _)| *k == key) {
            Some((_, control)) => {
                control.toggle = toggle;
                control.bound = true;
            }
            None => self.controls.push((
                key,
                TechniqueControls {
                    toggle,
                    timeout_ms: None,
                    bound: true,
                },
            )),
        }
    }

    /// The keys bound with [`Self::set_toggle_key`], for a reload to carry over.
    pub(super) fn bound_toggle_keys(&self) -> Vec<(TechniqueKey, Option<ToggleKey>)> {
        self.controls
            .iter()
            .filter(|(_, c)| c.bound)
            .map(|(k, c)| (*k, c.toggle))
            .collect()
    }

    /// Applies technique annotations that react to the frame: `toggle` keys (with
    /// `togglectrl`/`toggleshift`/`togglealt`) flip a technique; `timeout` (ms) disables one that
    /// long after it was enabled.
    pub(super) fn apply_technique_annotations(&mut self, input: &FrameInput) {
        // Read at load into `controls`, so this per-frame loop allocates nothing.
        for i in 0..self.controls.len() {
            let (key, control) = self.controls[i];
            if let Some(toggle) = control.toggle {
                let modifiers_match = MODIFIER_KEYS
                    .iter()
                    .zip(toggle.modifiers())
                    .all(|(vk, wanted)| wanted == input.keys_down.contains(vk));
                if modifiers_match && self.source_state.key_pressed(input, toggle.vk) {
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
