//! What both front ends make of their items the same way: uniforms folded into constants
//! (performance mode) and laid out in the uniform buffer, the largest texture accepted, and the
//! one constructor of every [`Sampler`], starting from ReShade's default states.

use std::collections::HashMap;

use crate::model::*;
use crate::source::Span;

/// Largest texture edge accepted, in texels (the D3D11 and Vulkan minimum-guaranteed limit).
pub(crate) const MAX_TEXTURE_SIZE: u32 = 16384;

/// Performance mode folds every uniform the runtime does not feed into a constant holding the
/// preset's value, when it has one of the right size, else its initial value.
pub(crate) fn fold_uniforms(uniforms: &mut [Uniform], values: &HashMap<String, Vec<f64>>) {
    for u in uniforms {
        if u.annotations.string("source").is_none() {
            u.constant = true;
            if let Some(value) = values.get(&u.name).filter(|v| v.len() == u.ty.len()) {
                u.init.clone_from(value);
            }
        }
    }
}

/// Assigns offsets in declaration order under WGSL's uniform layout; returns the buffer size.
pub(crate) fn layout_uniforms(uniforms: &mut [Uniform]) -> u32 {
    if uniforms.iter().all(|u| u.constant) {
        return 0;
    }
    let mut offset = 0u32;
    for u in uniforms.iter_mut().filter(|u| !u.constant) {
        let (size, align) = u.ty.size_align();
        offset = offset.next_multiple_of(align);
        u.offset = offset;
        offset += size;
    }
    offset.next_multiple_of(16)
}

/// A sampler's states, starting at ReShade's defaults (clamp on every axis, linear filters, no
/// sRGB decoding, every mip level); a front end sets what the declaration assigns, then
/// [`Self::sampler`] makes the model's sampler.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SamplerStates {
    /// `AddressU`, `AddressV`, `AddressW`.
    pub address: [AddressMode; 3],
    /// `MinFilter`, `MagFilter`, `MipFilter`.
    pub filters: [FilterMode; 3],
    /// `SRGBTexture`.
    pub srgb: bool,
    /// `MinLOD`, `MaxLOD`.
    pub lod_range: (f32, f32),
}

impl Default for SamplerStates {
    fn default() -> Self {
        Self {
            address: [AddressMode::Clamp; 3],
            filters: [FilterMode::Linear; 3],
            srgb: false,
            lod_range: (0.0, 1000.0),
        }
    }
}

impl SamplerStates {
    /// The sampler called `name` (its WGSL name) that reads `texture`, declared at `span`.
    pub fn sampler(self, name: String, texture: TextureId, span: Span) -> Sampler {
        Sampler {
            name,
            texture,
            address: self.address,
            min_filter: self.filters[0],
            mag_filter: self.filters[1],
            mip_filter: self.filters[2],
            srgb: self.srgb,
            lod_range: self.lod_range,
            span,
        }
    }
}
