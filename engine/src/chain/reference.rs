//! A second result of each frame with one technique left out, for the preview's
//! output-against-output comparison ("what does this technique add?"). While one is asked for,
//! every frame first records the chain without that technique (untimed, never captured) and
//! copies its result into a texture of its own, then records the frame proper; with none asked
//! for, frames record nothing more. Both runs read the same uniforms and the same input; an
//! effect that keeps state between frames (a texture it reads before writing) sees both runs.

use super::{EffectChain, TechniqueKey};
use crate::textures::FrameTarget;

/// The technique left out and where that result goes.
pub(super) struct Reference {
    pub(super) without: TechniqueKey,
    pub(super) target: FrameTarget,
}

impl EffectChain {
    /// From the next frame, also renders the chain without technique `without` into
    /// [`Self::reference_view`]; `None` stops. An unknown technique is ignored.
    pub fn set_reference(&mut self, without: Option<TechniqueKey>) {
        let without = without.filter(|k| self.order.contains(k));
        match (without, &mut self.reference) {
            (None, reference) => *reference = None,
            (Some(key), Some(reference)) => reference.without = key,
            (Some(key), reference @ None) => {
                *reference = Some(Reference {
                    without: key,
                    target: FrameTarget::new(
                        &self.ctx.device,
                        self.size,
                        self.options.back_buffer.format(),
                        "fxbench output without one technique",
                    ),
                });
            }
        }
    }

    /// The technique [`Self::set_reference`] leaves out, if any.
    pub fn reference(&self) -> Option<TechniqueKey> {
        self.reference.as_ref().map(|r| r.without)
    }

    /// The last frame's result without the reference technique (the output itself when that
    /// technique did not run), while one is set.
    pub fn reference_texture(&self) -> Option<&wgpu::Texture> {
        self.reference.as_ref().map(|r| &r.target.texture)
    }

    /// [`Self::reference_texture`]'s view, for showing it.
    pub fn reference_view(&self) -> Option<&wgpu::TextureView> {
        self.reference.as_ref().map(|r| &r.target.view)
    }
}
