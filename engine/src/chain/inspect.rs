//! The chain's side of inspection (`crate::inspect`): listing its textures with their writers and
//! readers, and holding the capture request that `frame` serves.

use analysis::{BindingResource, TextureKind, TextureSemantic, ValidatedEffect};

use super::{EffectChain, EffectIndex, TechniqueKey};
use crate::effect_gpu::EffectGpu;
use crate::input::DEPTH_FORMAT;
use crate::inspect::{
    CaptureError, CaptureRequest, CaptureState, CapturedImage, PassRef, ResourceId, ResourceInfo,
    ResourceRole,
};
use crate::textures::TextureGpu;

/// What one pass reads and writes, as resources.
struct PassUse {
    pass: PassRef,
    reads: Vec<ResourceId>,
    writes: Vec<ResourceId>,
}

impl EffectChain {
    /// Every texture of the chain: the back buffer, the input's depth, then each effect's own
    /// textures, with the passes (in run order, enabled or not) that write and read each.
    pub fn resources(&self) -> Vec<ResourceInfo> {
        let uses = self.pass_uses();
        let passes_where = |id: ResourceId, writes: bool| -> Vec<PassRef> {
            uses.iter()
                .filter(|u| if writes { &u.writes } else { &u.reads }.contains(&id))
                .map(|u| u.pass)
                .collect()
        };
        let (w, h) = self.size;
        let frame_bytes = |format: wgpu::TextureFormat| {
            u64::from(w) * u64::from(h) * u64::from(format.block_copy_size(None).unwrap_or(4))
        };
        let back_buffer_format = crate::color::wgpu_format(self.options.back_buffer.format());
        let mut out = vec![
            ResourceInfo {
                id: ResourceId::BackBuffer,
                name: "back buffer".into(),
                role: ResourceRole::BackBuffer,
                size: (w, h, 1),
                format: back_buffer_format,
                mip_levels: 1,
                memory_bytes: frame_bytes(back_buffer_format),
                writers: passes_where(ResourceId::BackBuffer, true),
                readers: passes_where(ResourceId::BackBuffer, false),
            },
            ResourceInfo {
                id: ResourceId::Depth,
                name: "depth".into(),
                role: ResourceRole::Depth,
                size: (w, h, 1),
                format: DEPTH_FORMAT,
                mip_levels: 1,
                memory_bytes: frame_bytes(DEPTH_FORMAT),
                writers: Vec::new(),
                readers: passes_where(ResourceId::Depth, false),
            },
        ];
        for (e, gpu) in self.effects.iter().enumerate() {
            let effect = &gpu.effect;
            for (t, (tid, texture)) in effect.texture_ids().zip(effect.textures()).enumerate() {
                let TextureGpu::Owned {
                    texture: wgpu_texture,
                    ..
                } = &gpu.textures[t]
                else {
                    continue;
                };
                let id = ResourceId::Texture {
                    effect: EffectIndex(e),
                    texture: tid,
                };
                let writers = passes_where(id, true);
                let size = wgpu_texture.size();
                out.push(ResourceInfo {
                    id,
                    name: format!("{}: {}", file_name(effect), texture.display_name()),
                    role: role_of(effect, texture, &writers, id),
                    size: (size.width, size.height, size.depth_or_array_layers),
                    format: wgpu_texture.format(),
                    mip_levels: wgpu_texture.mip_level_count(),
                    memory_bytes: crate::textures::texture_memory(std::iter::once(
                        &gpu.textures[t],
                    )),
                    writers,
                    readers: passes_where(id, false),
                });
            }
        }
        out
    }

    /// Asks every following frame to capture `request`'s texture at its boundary (one copy per
    /// frame while no earlier copy is being read), or stops capturing with `None`. Setting the
    /// request already set keeps the latest capture.
    pub fn set_capture(&mut self, request: Option<CaptureRequest>) {
        if self.capture.as_ref().map(|c| c.request) == request {
            return;
        }
        self.capture = request.map(CaptureState::new);
    }

    /// The request being served.
    pub fn capture_request(&self) -> Option<CaptureRequest> {
        self.capture.as_ref().map(|c| c.request)
    }

    /// The latest finished capture (or why it failed); `None` until one is read back.
    pub fn captured(&self) -> Option<&Result<CapturedImage, CaptureError>> {
        self.capture.as_ref()?.latest()
    }

    /// Waits for the GPU and reads the capture in flight, for tools and tests.
    pub fn wait_for_capture(&mut self) -> Option<&Result<CapturedImage, CaptureError>> {
        let _ = self.ctx.device.poll(wgpu::PollType::wait_indefinitely());
        if let Some(capture) = &mut self.capture {
            capture.begin_frame();
        }
        self.captured()
    }

    /// Asks the next frame to capture every one of `requests` at its boundary, all in that one
    /// frame (unlike [`Self::set_capture`], which serves one request every frame); read them
    /// with [`Self::wait_for_probes`]. For comparisons, which look at every pass of one frame.
    pub fn set_probes(&mut self, requests: &[CaptureRequest]) {
        self.probes = requests.iter().copied().map(CaptureState::new).collect();
        self.probes_pending = !self.probes.is_empty();
    }

    /// Waits for the GPU and returns what the frame after [`Self::set_probes`] captured, one
    /// result per request in its order (empty when no probes were set); the probes are then
    /// done, and later frames capture nothing more for them.
    pub fn wait_for_probes(&mut self) -> Vec<Result<CapturedImage, CaptureError>> {
        let _ = self.ctx.device.poll(wgpu::PollType::wait_indefinitely());
        std::mem::take(&mut self.probes)
            .into_iter()
            .map(|mut probe| {
                probe.begin_frame();
                probe.latest().cloned().unwrap_or_else(|| {
                    Err(CaptureError::Readback(
                        "no frame ran since the probes were set".into(),
                    ))
                })
            })
            .collect()
    }

    /// The GPU texture an effect texture resource stands for; `None` for the back buffer and
    /// depth (routed per frame) and for ids the chain does not have.
    pub(crate) fn owned_texture(&self, id: ResourceId) -> Option<&wgpu::Texture> {
        owned_texture(&self.effects, id)
    }

    /// What each pass of every technique (in run order) reads and writes.
    fn pass_uses(&self) -> Vec<PassUse> {
        let mut uses = Vec::new();
        for &key in &self.order {
            let effect = &self.effects[key.effect.index()].effect;
            for (index, pass) in effect.technique(key.technique).passes.iter().enumerate() {
                uses.push(pass_use(effect, key, index, pass));
            }
        }
        uses
    }
}

/// [`EffectChain::owned_texture`] over the chain's effects alone (borrowed apart from the rest).
pub(super) fn owned_texture(effects: &[EffectGpu], id: ResourceId) -> Option<&wgpu::Texture> {
    let ResourceId::Texture { effect, texture } = id else {
        return None;
    };
    match effects.get(effect.index())?.textures.get(texture.index())? {
        TextureGpu::Owned { texture, .. } => Some(texture),
        TextureGpu::Semantic(_) => None,
    }
}

/// The resources `pass` reads (its bindings) and writes (its targets and storages).
fn pass_use(
    effect: &ValidatedEffect,
    key: TechniqueKey,
    index: usize,
    pass: &analysis::Pass,
) -> PassUse {
    let resource = |texture: analysis::TextureId| match &effect.texture(texture).kind {
        TextureKind::Semantic(TextureSemantic::Color) => Some(ResourceId::BackBuffer),
        TextureKind::Semantic(TextureSemantic::Depth) => Some(ResourceId::Depth),
        TextureKind::Semantic(TextureSemantic::Other(_)) => None,
        TextureKind::Owned { .. } => Some(ResourceId::Texture {
            effect: key.effect,
            texture,
        }),
    };
    let mut reads = Vec::new();
    let mut writes: Vec<ResourceId> = Vec::new();
    for binding in pass.bindings() {
        match binding.resource {
            BindingResource::Texture(t) => reads.extend(resource(t)),
            BindingResource::Sampler(s) => {
                reads.extend(resource(effect.sampler(s).texture));
            }
            BindingResource::Storage(s) => writes.extend(resource(effect.storage(s).texture)),
            BindingResource::Uniforms => {}
        }
    }
    if pass.writes_back_buffer() {
        writes.push(ResourceId::BackBuffer);
    }
    writes.extend(pass.render_targets().iter().filter_map(|t| resource(*t)));
    reads.dedup();
    writes.dedup();
    PassUse {
        pass: PassRef { key, pass: index },
        reads,
        writes,
    }
}

fn role_of(
    effect: &ValidatedEffect,
    texture: &analysis::Texture,
    writers: &[PassRef],
    id: ResourceId,
) -> ResourceRole {
    let ResourceId::Texture { texture: tid, .. } = id else {
        return ResourceRole::Texture;
    };
    let storage = effect.storages().iter().any(|s| s.texture == tid);
    let target = effect
        .techniques()
        .iter()
        .flat_map(|t| &t.passes)
        .any(|p| p.render_targets().contains(&tid));
    if target {
        ResourceRole::RenderTarget
    } else if storage {
        ResourceRole::Storage
    } else if texture.image.is_some() {
        ResourceRole::Image
    } else if writers.is_empty() {
        ResourceRole::Texture
    } else {
        ResourceRole::RenderTarget
    }
}

fn file_name(effect: &ValidatedEffect) -> String {
    effect.path().file_name().map_or_else(
        || effect.path().display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}
