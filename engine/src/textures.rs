//! An effect's textures on the GPU: owned textures (with the pool that lets `pooled` ones be shared
//! between effects), their storage views, the frame-sized back-buffer targets, and the bytes the
//! effects' textures take.

use std::collections::HashMap;

use analysis::{
    Texture, TextureFormat, TextureId, TextureKind, TextureSemantic, ValidatedEffect,
};

use crate::format;
use crate::input::BACK_BUFFER_FORMAT;
use crate::mips::{MipChain, MipGenerator};
use crate::upload::ImageUpload;

/// A frame-sized texture with a linear and an sRGB view: the intermediate back buffer and the
/// chain's output.
pub(crate) struct FrameTarget {
    pub(crate) texture: wgpu::Texture,
    pub(crate) view: wgpu::TextureView,
    pub(crate) srgb_view: wgpu::TextureView,
}

impl FrameTarget {
    pub(crate) fn new(device: &wgpu::Device, size: (u32, u32), label: &str) -> Self {
        let texture = crate::input::frame_texture(
            device,
            size,
            BACK_BUFFER_FORMAT,
            &[BACK_BUFFER_FORMAT.add_srgb_suffix()],
            label,
        );
        let view = texture.create_view(&wgpu::TextureViewDescriptor {
            label: Some(label),
            ..Default::default()
        });
        let srgb_view = texture.create_view(&wgpu::TextureViewDescriptor {
            label: Some(label),
            format: Some(BACK_BUFFER_FORMAT.add_srgb_suffix()),
            ..Default::default()
        });
        Self {
            texture,
            view,
            srgb_view,
        }
    }
}

/// One texture of an effect: its own GPU texture, or a semantic the runtime binds each frame.
// One per texture, built at load: the variants' size difference costs nothing that matters.
#[allow(clippy::large_enum_variant)]
pub(crate) enum TextureGpu {
    Owned {
        texture: wgpu::Texture,
        /// Every level, for sampling.
        view: wgpu::TextureView,
        /// Level 0 only, for rendering.
        target_view: wgpu::TextureView,
        /// Level 0 through an sRGB view, for `SRGBWriteEnable` (RGBA8 textures only: analysis
        /// refuses sRGB writes to other formats, as ReShade does).
        srgb_target_view: Option<wgpu::TextureView>,
        mips: Option<MipChain>,
    },
    Semantic(TextureSemantic),
}

impl TextureGpu {
    /// The mip chain to regenerate after level 0 changes, when the texture has more levels.
    pub(crate) fn mips(&self) -> Option<&MipChain> {
        match self {
            TextureGpu::Owned { mips, .. } => mips.as_ref(),
            TextureGpu::Semantic(_) => None,
        }
    }
}

/// What makes two `pooled` textures interchangeable: their whole descriptor except the label
/// (size, levels, samples, dimension, format, usages and view formats).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct PoolKey {
    size: wgpu::Extent3d,
    mip_level_count: u32,
    sample_count: u32,
    dimension: wgpu::TextureDimension,
    format: wgpu::TextureFormat,
    usage: wgpu::TextureUsages,
    view_formats: Vec<wgpu::TextureFormat>,
}

impl PoolKey {
    fn of(descriptor: &wgpu::TextureDescriptor<'_>) -> Self {
        Self {
            size: descriptor.size,
            mip_level_count: descriptor.mip_level_count,
            sample_count: descriptor.sample_count,
            dimension: descriptor.dimension,
            format: descriptor.format,
            usage: descriptor.usage,
            view_formats: descriptor.view_formats.to_vec(),
        }
    }
}

/// GPU textures of `pooled` textures, shared between effects: for each description, the textures
/// made so far, in the order an effect asks for them.
#[derive(Default)]
pub(crate) struct TexturePool(HashMap<PoolKey, Vec<wgpu::Texture>>);

/// One effect's claims on the pool: two pooled textures of the same effect never share one GPU
/// texture, because the effect may read one while writing the other.
struct PoolClaims<'p> {
    pool: &'p mut TexturePool,
    /// How many pooled textures of each description this effect has taken.
    taken: HashMap<PoolKey, usize>,
}

impl<'p> PoolClaims<'p> {
    fn new(pool: &'p mut TexturePool) -> Self {
        Self {
            pool,
            taken: HashMap::new(),
        }
    }

    /// The next pooled texture matching `descriptor` that this effect has not taken yet, made
    /// when no earlier effect made one.
    fn take(
        &mut self,
        device: &wgpu::Device,
        descriptor: &wgpu::TextureDescriptor<'_>,
    ) -> wgpu::Texture {
        let key = PoolKey::of(descriptor);
        let taken = self.taken.entry(key.clone()).or_default();
        let shared = self.pool.0.entry(key).or_default();
        if *taken == shared.len() {
            shared.push(device.create_texture(descriptor));
        }
        *taken += 1;
        shared[*taken - 1].clone()
    }
}

/// An effect's textures in declaration order, and those of them still to be filled from images.
pub(crate) fn create_textures(
    device: &wgpu::Device,
    effect: &ValidatedEffect,
    mip_generator: &mut MipGenerator,
    pool: &mut TexturePool,
) -> (Vec<TextureGpu>, Vec<ImageUpload>) {
    let mut claims = PoolClaims::new(pool);
    let mut uploads = Vec::new();
    let textures = effect
        .textures()
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let descriptor = match texture_descriptor(effect, i, t) {
                Ok(descriptor) => descriptor,
                Err(semantic) => return TextureGpu::Semantic(semantic.clone()),
            };
            let texture = if t.pooled && t.image.is_none() {
                claims.take(device, &descriptor)
            } else {
                device.create_texture(&descriptor)
            };
            if let Some(path) = &t.image {
                uploads.push(ImageUpload {
                    texture: i,
                    name: t.name.clone(),
                    path: path.clone(),
                    gpu: texture.clone(),
                });
            }
            owned_texture(device, t, texture, mip_generator)
        })
        .collect();
    (textures, uploads)
}

/// The descriptor of an owned texture, or the semantic the runtime binds in its place.
fn texture_descriptor<'t>(
    effect: &ValidatedEffect,
    index: usize,
    t: &'t Texture,
) -> Result<wgpu::TextureDescriptor<'t>, &'t TextureSemantic> {
    let (width, height, depth, fmt, mip_levels) = match &t.kind {
        TextureKind::Owned {
            width,
            height,
            depth,
            format,
            mip_levels,
        } => (width, height, depth, format, mip_levels),
        TextureKind::Semantic(semantic) => return Err(semantic),
    };
    let three_d = *depth > 1;
    // 3D textures are never render targets (analysis rejects them as such).
    let render = if three_d {
        wgpu::TextureUsages::empty()
    } else {
        wgpu::TextureUsages::RENDER_ATTACHMENT
    };
    let storage = if written_as_storage(effect, index) {
        wgpu::TextureUsages::STORAGE_BINDING
    } else {
        wgpu::TextureUsages::empty()
    };
    Ok(wgpu::TextureDescriptor {
        label: Some(&t.name),
        size: wgpu::Extent3d {
            width: *width,
            height: *height,
            depth_or_array_layers: *depth,
        },
        mip_level_count: *mip_levels,
        sample_count: 1,
        dimension: if three_d {
            wgpu::TextureDimension::D3
        } else {
            wgpu::TextureDimension::D2
        },
        format: format::texture_format(*fmt),
        usage: render
            | storage
            | wgpu::TextureUsages::TEXTURE_BINDING
            | wgpu::TextureUsages::COPY_DST
            | wgpu::TextureUsages::COPY_SRC,
        // Every 2D RGBA8 texture can be viewed as sRGB, for sampling with `SRGBTexture` and for
        // rendering with `SRGBWriteEnable`; the same for every one keeps pooled textures alike.
        view_formats: if *fmt == TextureFormat::RGBA8 && !three_d {
            &[wgpu::TextureFormat::Rgba8UnormSrgb]
        } else {
            &[]
        },
    })
}

/// An owned texture with its views and, when it has more than one level, its mip chain.
fn owned_texture(
    device: &wgpu::Device,
    t: &Texture,
    texture: wgpu::Texture,
    mip_generator: &mut MipGenerator,
) -> TextureGpu {
    // Sampled through an sRGB view when its samplers ask for decoding.
    let view = texture.create_view(&wgpu::TextureViewDescriptor {
        label: Some(&t.name),
        format: t.srgb_read.then_some(wgpu::TextureFormat::Rgba8UnormSrgb),
        usage: Some(wgpu::TextureUsages::TEXTURE_BINDING),
        ..Default::default()
    });
    let target_view = texture.create_view(&wgpu::TextureViewDescriptor {
        label: Some(&t.name),
        mip_level_count: Some(1),
        ..Default::default()
    });
    // The descriptor gave exactly these an sRGB view format.
    let has_srgb_view = texture.format() == wgpu::TextureFormat::Rgba8Unorm
        && texture.dimension() == wgpu::TextureDimension::D2;
    let srgb_target_view = has_srgb_view.then(|| {
            texture.create_view(&wgpu::TextureViewDescriptor {
                label: Some(&t.name),
                format: Some(wgpu::TextureFormat::Rgba8UnormSrgb),
                mip_level_count: Some(1),
                // sRGB formats cannot be storage: the view takes only what it is used for.
                usage: Some(wgpu::TextureUsages::RENDER_ATTACHMENT),
                ..Default::default()
            })
        });
    let mips = mip_generator.chain(device, &texture);
    TextureGpu::Owned {
        texture,
        view,
        target_view,
        srgb_target_view,
        mips,
    }
}

/// One view per `storage` declaration: its mip level of its texture.
pub(crate) fn storage_views(
    effect: &ValidatedEffect,
    textures: &[TextureGpu],
) -> Vec<wgpu::TextureView> {
    effect
        .storages()
        .iter()
        .map(|st| match &textures[st.texture.index()] {
            TextureGpu::Owned { texture, .. } => {
                texture.create_view(&wgpu::TextureViewDescriptor {
                    label: Some(&st.name),
                    base_mip_level: st.mip_level,
                    mip_level_count: Some(1),
                    ..Default::default()
                })
            }
            TextureGpu::Semantic(_) => {
                unreachable!("storage of a semantic texture is rejected by analysis")
            }
        })
        .collect()
}

/// A 1x1 transparent black texture's view, bound for DEPTH without a depth input and for unknown
/// semantics.
pub(crate) fn empty_view(device: &wgpu::Device) -> wgpu::TextureView {
    let empty = device.create_texture(&wgpu::TextureDescriptor {
        label: Some("fxbench empty texture"),
        size: wgpu::Extent3d {
            width: 1,
            height: 1,
            depth_or_array_layers: 1,
        },
        mip_level_count: 1,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D2,
        format: BACK_BUFFER_FORMAT,
        usage: wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::COPY_DST,
        view_formats: &[],
    });
    // A new texture is zero-initialised by wgpu: transparent black.
    empty.create_view(&wgpu::TextureViewDescriptor {
        label: Some("fxbench empty texture"),
        ..Default::default()
    })
}

/// The view a pass renders into for render target `id`: its sRGB view for `SRGBWriteEnable`.
pub(crate) fn target_view(textures: &[TextureGpu], id: TextureId, srgb: bool) -> &wgpu::TextureView {
    match &textures[id.index()] {
        TextureGpu::Owned {
            srgb_target_view: Some(srgb_view),
            ..
        } if srgb => srgb_view,
        TextureGpu::Owned { target_view, .. } => target_view,
        TextureGpu::Semantic(_) => unreachable!("validation rejects semantic render targets"),
    }
}

/// Bytes the effects' own textures take, every mip level, each GPU texture once.
pub(crate) fn texture_memory<'a>(textures: impl Iterator<Item = &'a TextureGpu>) -> u64 {
    let mut seen: Vec<&wgpu::Texture> = Vec::new();
    let mut bytes = 0;
    for t in textures {
        let TextureGpu::Owned { texture, .. } = t else {
            continue;
        };
        if seen.contains(&texture) {
            continue;
        }
        seen.push(texture);
        let block = u64::from(texture.format().block_copy_size(None).unwrap_or(4));
        for level in 0..texture.mip_level_count() {
            let extent = texture.size().mip_level_size(level, texture.dimension());
            bytes += u64::from(extent.width)
                * u64::from(extent.height)
                * u64::from(extent.depth_or_array_layers)
                * block;
        }
    }
    bytes
}

/// How a texture is bound: 2D, or 3D for `Depth` > 1.
pub(crate) fn view_dimension(texture: &Texture) -> wgpu::TextureViewDimension {
    if texture.dimensions() == 3 {
        wgpu::TextureViewDimension::D3
    } else {
        wgpu::TextureViewDimension::D2
    }
}

/// Whether some `storage` declaration writes texture `index`.
fn written_as_storage(effect: &ValidatedEffect, index: usize) -> bool {
    effect.storages().iter().any(|s| s.texture.index() == index)
}
