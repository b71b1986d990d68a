//! What a pass binds: the layout of its bind group, made once with its pipeline, and the bind
//! groups themselves, made at load or, for passes that read the back buffer, per back buffer.

use analysis::{BindingResource, TextureKind, TextureSemantic, ValidatedEffect};

use crate::format;
use crate::textures::{TextureGpu, view_dimension};

/// The layout entries of a pass's bind group, one per binding its shaders use (`bindings`: the
/// pass's own, or those ReShade's module for it uses).
pub(crate) fn layout_entries(
    effect: &ValidatedEffect,
    bindings: &[analysis::Binding],
    features: wgpu::Features,
) -> Vec<wgpu::BindGroupLayoutEntry> {
    bindings
        .iter()
        .map(|b| wgpu::BindGroupLayoutEntry {
            binding: b.binding,
            // Writable storage is not allowed in vertex shaders.
            visibility: if matches!(b.resource, BindingResource::Storage(_)) {
                wgpu::ShaderStages::FRAGMENT | wgpu::ShaderStages::COMPUTE
            } else {
                wgpu::ShaderStages::VERTEX_FRAGMENT | wgpu::ShaderStages::COMPUTE
            },
            ty: binding_type(effect, b.resource, features),
            count: None,
        })
        .collect()
}

fn binding_type(
    effect: &ValidatedEffect,
    resource: BindingResource,
    features: wgpu::Features,
) -> wgpu::BindingType {
    match resource {
        BindingResource::Uniforms => wgpu::BindingType::Buffer {
            ty: wgpu::BufferBindingType::Uniform,
            has_dynamic_offset: false,
            min_binding_size: None,
        },
        BindingResource::Texture(id) => wgpu::BindingType::Texture {
            sample_type: match &effect.texture(id).kind {
                TextureKind::Owned { format: f, .. } => format::sample_type(*f, features),
                // Depth is R32Float: filterable only with FLOAT32_FILTERABLE.
                TextureKind::Semantic(TextureSemantic::Depth) => wgpu::TextureSampleType::Float {
                    filterable: features.contains(wgpu::Features::FLOAT32_FILTERABLE),
                },
                TextureKind::Semantic(_) => wgpu::TextureSampleType::Float { filterable: true },
            },
            view_dimension: view_dimension(effect.texture(id)),
            multisampled: false,
        },
        BindingResource::Storage(id) => {
            let storage = effect.storage(id);
            let texture = effect.texture(storage.texture);
            wgpu::BindingType::StorageTexture {
                access: if storage.atomic {
                    wgpu::StorageTextureAccess::Atomic
                } else if storage.read_write {
                    wgpu::StorageTextureAccess::ReadWrite
                } else {
                    wgpu::StorageTextureAccess::WriteOnly
                },
                format: match &texture.kind {
                    TextureKind::Owned { format: f, .. } => format::texture_format(*f),
                    TextureKind::Semantic(_) => {
                        unreachable!("storage of a semantic texture is rejected by analysis")
                    }
                },
                view_dimension: view_dimension(texture),
            }
        }
        BindingResource::Sampler(id) => {
            let s = effect.sampler(id);
            let filtering =
                [s.min_filter, s.mag_filter, s.mip_filter].contains(&analysis::FilterMode::Linear);
            wgpu::BindingType::Sampler(if filtering {
                wgpu::SamplerBindingType::Filtering
            } else {
                wgpu::SamplerBindingType::NonFiltering
            })
        }
    }
}

/// Whether `bindings` hold COLOR or DEPTH, whose textures change from pass to pass or with the
/// input.
pub(crate) fn reads_frame(effect: &ValidatedEffect, bindings: &[analysis::Binding]) -> bool {
    bindings.iter().any(|b| {
        matches!(b.resource, BindingResource::Texture(id)
            if matches!(effect.texture(id).kind,
                TextureKind::Semantic(TextureSemantic::Color | TextureSemantic::Depth)))
    })
}

/// The per-frame views a bind group may need: the back buffer (COLOR) and the input's depth.
#[derive(Clone, Copy, Default)]
pub(crate) struct FrameViews<'a> {
    pub(crate) color: Option<&'a wgpu::TextureView>,
    /// The back buffer decoded as sRGB, for COLOR textures whose samplers ask for it.
    pub(crate) color_srgb: Option<&'a wgpu::TextureView>,
    pub(crate) depth: Option<&'a wgpu::TextureView>,
}

/// An effect's resources that its passes bind or render into, fixed once the effect is loaded.
#[derive(Clone, Copy)]
pub(crate) struct EffectResources<'a> {
    pub(crate) effect: &'a ValidatedEffect,
    pub(crate) textures: &'a [TextureGpu],
    pub(crate) samplers: &'a [wgpu::Sampler],
    pub(crate) uniform_buffer: Option<&'a wgpu::Buffer>,
    pub(crate) empty_view: &'a wgpu::TextureView,
    pub(crate) storage_views: &'a [wgpu::TextureView],
    /// The effect's stencil buffer, when a pass uses one.
    pub(crate) stencil_view: Option<&'a wgpu::TextureView>,
}

impl EffectResources<'_> {
    /// The bind group of `pass` for `layout`, its own layout made from `bindings`, with `frame`'s
    /// views for COLOR and DEPTH.
    pub(crate) fn bind_group(
        &self,
        device: &wgpu::Device,
        layout: &wgpu::BindGroupLayout,
        pass: &analysis::Pass,
        bindings: &[analysis::Binding],
        frame: FrameViews,
    ) -> wgpu::BindGroup {
        let entries: Vec<wgpu::BindGroupEntry> = bindings
            .iter()
            .map(|b| wgpu::BindGroupEntry {
                binding: b.binding,
                resource: self.resource(b, pass, frame),
            })
            .collect();
        device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some(&format!("{} bind group", self.effect.path().display())),
            layout,
            entries: &entries,
        })
    }

    fn resource<'s>(
        &'s self,
        binding: &analysis::Binding,
        pass: &analysis::Pass,
        frame: FrameViews<'s>,
    ) -> wgpu::BindingResource<'s> {
        match binding.resource {
            BindingResource::Uniforms => self
                .uniform_buffer
                .expect("an effect with a uniform binding has a uniform buffer")
                .as_entire_binding(),
            BindingResource::Texture(id) => {
                wgpu::BindingResource::TextureView(match &self.textures[id.index()] {
                    // A target the pass renders to: its copy from before the pass.
                    TextureGpu::Owned {
                        snapshot: Some(snapshot),
                        ..
                    } if pass.snapshots().contains(&id) => match &snapshot.srgb_view {
                        Some(srgb_view) if binding.srgb => srgb_view,
                        _ => &snapshot.view,
                    },
                    TextureGpu::Owned {
                        srgb_view: Some(srgb_view),
                        ..
                    } if binding.srgb => srgb_view,
                    TextureGpu::Owned { view, .. } => view,
                    TextureGpu::Semantic(TextureSemantic::Color) => if binding.srgb {
                        frame.color_srgb
                    } else {
                        frame.color
                    }
                    .expect("passes reading COLOR are given its views"),
                    TextureGpu::Semantic(TextureSemantic::Depth) => {
                        frame.depth.unwrap_or(self.empty_view)
                    }
                    TextureGpu::Semantic(_) => self.empty_view,
                })
            }
            BindingResource::Sampler(id) => {
                wgpu::BindingResource::Sampler(&self.samplers[id.index()])
            }
            BindingResource::Storage(id) => {
                wgpu::BindingResource::TextureView(&self.storage_views[id.index()])
            }
        }
    }
}
