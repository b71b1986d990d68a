//! An effect's textures on the GPU: owned textures (with the pool that lets `pooled` ones be shared
//! between effects), their storage views, the frame-sized back-buffer targets, and the bytes the
//! effects' textures take.

use std::collections::{HashMap, HashSet};

use analysis::{Texture, TextureFormat, TextureId, TextureKind, TextureSemantic, ValidatedEffect};

use crate::color::{self, BackBufferFormat};
use crate::format;
use crate::mips::{MipChain, MipGenerator};
use crate::upload::ImageUpload;

/// A frame-sized texture with a linear and an sRGB view: the intermediate back buffer and the
/// chain's output. The sRGB view of a format without one reads and writes as stored
/// (`color::wgpu_srgb_format`).
pub(crate) struct FrameTarget {
    pub(crate) texture: wgpu::Texture,
    pub(crate) view: wgpu::TextureView,
    pub(crate) srgb_view: wgpu::TextureView,
}

impl FrameTarget {
    pub(crate) fn new(
        device: &wgpu::Device,
        size: (u32, u32),
        format: BackBufferFormat,
        label: &str,
    ) -> Self {
        let linear = color::wgpu_format(format);
        let srgb = color::wgpu_srgb_format(format);
        let view_formats: &[wgpu::TextureFormat] = if srgb == linear { &[] } else { &[srgb] };
        let texture = crate::input::frame_texture(device, size, linear, view_formats, label);
        let view = texture.create_view(&wgpu::TextureViewDescriptor {
            label: Some(label),
            ..Default::default()
        });
        let srgb_view = texture.create_view(&wgpu::TextureViewDescriptor {
            label: Some(label),
            format: Some(srgb),
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
        /// Every level through the sRGB format (decoded on read), when a sampler decodes.
        srgb_view: Option<wgpu::TextureView>,
        /// Level 0 only, for rendering.
        target_view: wgpu::TextureView,
        /// Level 0 through an sRGB view, for `SRGBWriteEnable` (RGBA8 textures only: analysis
        /// refuses sRGB writes to other formats, as ReShade does).
        srgb_target_view: Option<wgpu::TextureView>,
        mips: Option<MipChain>,
        /// The copy a pass that samples this texture while rendering to it reads
        /// (`analysis::Pass::snapshots`), made just before each such pass.
        snapshot: Option<Snapshot>,
    },
    Semantic(TextureSemantic),
}

/// A texture of the same description as a render target, which a pass sampling that target
/// reads instead (wgpu cannot sample a texture the pass renders to).
pub(crate) struct Snapshot {
    pub(crate) texture: wgpu::Texture,
    /// Every level, for sampling.
    pub(crate) view: wgpu::TextureView,
    /// Every level through the sRGB format, when the target has one.
    pub(crate) srgb_view: Option<wgpu::TextureView>,
}

impl Snapshot {
    fn new(device: &wgpu::Device, of: &wgpu::Texture, label: &str) -> Self {
        let srgb = of.format() == wgpu::TextureFormat::Rgba8Unorm
            && of.dimension() == wgpu::TextureDimension::D2;
        let view_formats: &[wgpu::TextureFormat] = if srgb {
            &[wgpu::TextureFormat::Rgba8UnormSrgb]
        } else {
            &[]
        };
        let texture = device.create_texture(&wgpu::TextureDescriptor {
            label: Some(&format!("{label} (before the pass)")),
            size: of.size(),
            mip_level_count: of.mip_level_count(),
            sample_count: 1,
            dimension: of.dimension(),
            format: of.format(),
            usage: wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::COPY_DST,
            view_formats,
        });
        let view = texture.create_view(&wgpu::TextureViewDescriptor::default());
        let srgb_view = srgb.then(|| {
            texture.create_view(&wgpu::TextureViewDescriptor {
                format: Some(wgpu::TextureFormat::Rgba8UnormSrgb),
                ..Default::default()
            })
        });
        Self {
            texture,
            view,
            srgb_view,
        }
    }

    /// Copies every level of `from` (the target it stands for) into the snapshot.
    pub(crate) fn copy_from(&self, encoder: &mut wgpu::CommandEncoder, from: &wgpu::Texture) {
        for level in 0..from.mip_level_count() {
            let extent = from.size().mip_level_size(level, from.dimension());
            encoder.copy_texture_to_texture(
                wgpu::TexelCopyTextureInfo {
                    texture: from,
                    mip_level: level,
                    origin: wgpu::Origin3d::ZERO,
                    aspect: wgpu::TextureAspect::All,
                },
                wgpu::TexelCopyTextureInfo {
                    texture: &self.texture,
                    mip_level: level,
                    origin: wgpu::Origin3d::ZERO,
                    aspect: wgpu::TextureAspect::All,
                },
                extent,
            );
        }
    }
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

/// The textures effects share, for one chain. As in ReShade, a texture declared with the same name
/// in several effects is one texture (effects publish textures for each other this way), and
/// `pooled` textures of the same description share one GPU texture across effects.
#[derive(Default)]
pub(crate) struct TexturePool {
    /// `pooled` textures: for each description, the textures made so far, in the order an effect
    /// asks for them.
    pooled: HashMap<PoolKey, Vec<wgpu::Texture>>,
    /// Textures by name: the first effect's, which later effects declaring the name share.
    named: HashMap<String, NamedTexture>,
    /// Names some effect of the chain writes as storage: every effect's texture of such a name
    /// is made with storage usage, so that all of them can share one.
    storage_names: HashSet<String>,
    /// Same-named textures that could not be shared, in load order.
    pub(crate) conflicts: Vec<TextureConflict>,
}

/// The first texture made under a name.
struct NamedTexture {
    key: PoolKey,
    image: Option<std::path::PathBuf>,
    effect: std::path::PathBuf,
    texture: wgpu::Texture,
}

/// A texture declared under a name an earlier effect's texture has, with another description
/// (size, format, levels) or another source image, so the two cannot be one texture.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "texture '{texture}' of {effect}: {first_effect} already declares a texture of this name as {first}, here it is {second}; each effect keeps its own"
)]
pub struct TextureConflict {
    pub texture: String,
    pub effect: String,
    pub first_effect: String,
    /// The two descriptions, as `WxHxD FORMAT, N levels[, image]`.
    pub first: String,
    pub second: String,
}

impl TexturePool {
    /// A pool for a chain of `effects`.
    pub(crate) fn for_effects(effects: &[ValidatedEffect]) -> Self {
        let storage_names = effects
            .iter()
            .flat_map(|e| {
                e.storages()
                    .iter()
                    .map(|s| e.texture(s.texture).name.clone())
            })
            .collect();
        Self {
            storage_names,
            ..Self::default()
        }
    }
}

/// How a conflict message describes a texture.
fn describe(key: &PoolKey, image: Option<&std::path::Path>) -> String {
    let size = key.size;
    let mut text = format!(
        "{}x{}x{} {:?}, {} levels",
        size.width, size.height, size.depth_or_array_layers, key.format, key.mip_level_count
    );
    if let Some(image) = image {
        text.push_str(&format!(", image {}", image.display()));
    }
    text
}

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
        let shared = self.pool.pooled.entry(key).or_default();
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
    let storage_names = std::mem::take(&mut pool.storage_names);
    let mut claims = PoolClaims::new(pool);
    let mut uploads = Vec::new();
    let textures = effect
        .textures()
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let storage = storage_names.contains(&t.name);
            let descriptor = match texture_descriptor(effect, i, t, storage) {
                Ok(descriptor) => descriptor,
                Err(semantic) => return TextureGpu::Semantic(semantic.clone()),
            };
            let (texture, fresh) = claims.named(device, effect, t, &descriptor);
            // What ReShade's runtime loads nothing into stays black (the builder warned:
            // `ImageNotLoaded`).
            let fill = analysis::texture_image_fill(t).ok().flatten();
            if let (true, Some(path), Some(fill)) = (fresh, &t.image, fill) {
                uploads.push(ImageUpload {
                    texture: i,
                    name: t.name.clone(),
                    path: path.clone(),
                    fill,
                    gpu: texture.clone(),
                });
            }
            let snapshot = snapshotted(effect, i).then(|| Snapshot::new(device, &texture, &t.name));
            owned_texture(device, t, texture, mip_generator, snapshot)
        })
        .collect();
    claims.pool.storage_names = storage_names;
    (textures, uploads)
}

impl PoolClaims<'_> {
    /// The GPU texture for `t`: the one an earlier effect made under its name when their
    /// descriptions and images match (a conflict is recorded when they do not), else a pooled or
    /// new one; and whether it is new (its image, if any, is still to be uploaded).
    fn named(
        &mut self,
        device: &wgpu::Device,
        effect: &ValidatedEffect,
        t: &Texture,
        descriptor: &wgpu::TextureDescriptor<'_>,
    ) -> (wgpu::Texture, bool) {
        let key = PoolKey::of(descriptor);
        if let Some(first) = self.pool.named.get(&t.name) {
            if first.key == key && first.image == t.image {
                return (first.texture.clone(), false);
            }
            let conflict = TextureConflict {
                texture: t.name.clone(),
                effect: effect.path().display().to_string(),
                first_effect: first.effect.display().to_string(),
                first: describe(&first.key, first.image.as_deref()),
                second: describe(&key, t.image.as_deref()),
            };
            self.pool.conflicts.push(conflict);
            return (device.create_texture(descriptor), true);
        }
        let texture = if t.pooled && t.image.is_none() {
            self.take(device, descriptor)
        } else {
            device.create_texture(descriptor)
        };
        self.pool.named.insert(
            t.name.clone(),
            NamedTexture {
                key,
                image: t.image.clone(),
                effect: effect.path().to_path_buf(),
                texture: texture.clone(),
            },
        );
        (texture, true)
    }
}

/// A located error for the first storage of `effect` whose texture's format `can_write` says
/// the device cannot write as a storage texture (or, given `true`, read and write: a storage
/// some shader reads); wgpu would only fail the bind group layout.
pub(crate) fn check_storage_formats(
    effect: &ValidatedEffect,
    can_write: impl Fn(TextureFormat, bool) -> bool,
) -> Result<(), crate::chain::ChainError> {
    for (index, storage) in effect.storages().iter().enumerate() {
        let texture = &effect.textures()[storage.texture.index()];
        let TextureKind::Owned { format, .. } = texture.kind else {
            continue;
        };
        let read = storage.read_write;
        if can_write(format, read) {
            continue;
        }
        let binds = |b: &analysis::Binding| matches!(b.resource, analysis::BindingResource::Storage(id) if id.index() == index);
        let pass = effect
            .techniques()
            .iter()
            .flat_map(|t| t.passes.iter().enumerate().map(move |(i, p)| (t, i, p)))
            .find(|(_, _, p)| p.bindings().iter().any(binds))
            .map_or_else(
                || "no pass binds it".to_string(),
                |(t, i, p)| match p.name() {
                    Some(name) => format!("technique '{}', pass '{name}'", t.name),
                    None => format!("technique '{}', pass {i}", t.name),
                },
            );
        let allowed: Vec<&str> = TextureFormat::ALL
            .iter()
            .filter(|(_, f)| can_write(*f, read))
            .map(|(name, _)| *name)
            .collect();
        return Err(crate::chain::ChainError::StorageFormat(Box::new(
            crate::chain::StorageFormatError {
                effect: effect.path().display().to_string(),
                storage: storage.name.clone(),
                texture: texture.name.clone(),
                format: format.name(),
                access: if read { "read and write" } else { "write" },
                location: effect
                    .location(storage.span)
                    .map_or_else(|| effect.path().display().to_string(), str::to_string),
                pass,
                allowed: allowed.join(", "),
            },
        )));
    }
    Ok(())
}

/// The descriptor of an owned texture, or the semantic the runtime binds in its place.
fn texture_descriptor<'t>(
    effect: &ValidatedEffect,
    index: usize,
    t: &'t Texture,
    storage_elsewhere: bool,
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
    let storage = if written_as_storage(effect, index) || storage_elsewhere {
        wgpu::TextureUsages::STORAGE_BINDING
    } else {
        wgpu::TextureUsages::empty()
    };
    let storage = if used_atomically(effect, index) {
        storage | wgpu::TextureUsages::STORAGE_ATOMIC
    } else {
        storage
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
    snapshot: Option<Snapshot>,
) -> TextureGpu {
    let view = texture.create_view(&wgpu::TextureViewDescriptor {
        label: Some(&t.name),
        ..Default::default()
    });
    // The descriptor gave exactly these an sRGB view format.
    let has_srgb_view = texture.format() == wgpu::TextureFormat::Rgba8Unorm
        && texture.dimension() == wgpu::TextureDimension::D2;
    // Also sampled through an sRGB view when a sampler asks for decoding.
    let srgb_view = (t.srgb_read && has_srgb_view).then(|| {
        texture.create_view(&wgpu::TextureViewDescriptor {
            label: Some(&t.name),
            format: Some(wgpu::TextureFormat::Rgba8UnormSrgb),
            // sRGB formats cannot be storage: the view asks only for what sampling needs.
            usage: Some(wgpu::TextureUsages::TEXTURE_BINDING),
            ..Default::default()
        })
    });
    let target_view = texture.create_view(&wgpu::TextureViewDescriptor {
        label: Some(&t.name),
        mip_level_count: Some(1),
        ..Default::default()
    });
    let srgb_target_view = (has_srgb_view
        && texture
            .usage()
            .contains(wgpu::TextureUsages::RENDER_ATTACHMENT))
    .then(|| {
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
        srgb_view,
        target_view,
        srgb_target_view,
        mips,
        snapshot,
    }
}

/// Whether some pass of `effect` samples texture `index` while rendering to it.
fn snapshotted(effect: &ValidatedEffect, index: usize) -> bool {
    effect
        .techniques()
        .iter()
        .flat_map(|t| &t.passes)
        .any(|p| p.snapshots().iter().any(|id| id.index() == index))
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
        format: wgpu::TextureFormat::Rgba8Unorm,
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
pub(crate) fn target_view(
    textures: &[TextureGpu],
    id: TextureId,
    srgb: bool,
) -> &wgpu::TextureView {
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
    let owned = textures.filter_map(|t| match t {
        TextureGpu::Owned {
            texture, snapshot, ..
        } => Some(std::iter::once(texture).chain(snapshot.as_ref().map(|s| &s.texture))),
        TextureGpu::Semantic(_) => None,
    });
    for texture in owned.flatten() {
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

/// Whether texture atomics of `effect` run on texture `index` (through one of its storages).
fn used_atomically(effect: &ValidatedEffect, index: usize) -> bool {
    effect
        .storages()
        .iter()
        .any(|s| s.texture.index() == index && s.atomic)
}
