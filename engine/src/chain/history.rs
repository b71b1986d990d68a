//! Pixel history (#25, RenderDoc's idea in the chain's terms): for one pixel, every pass of a
//! frame in run order with what it wrote there, in each of its targets, before and after, and
//! what its pixel shader returned.
//!
//! [`EffectChain::begin_history`] sets a run up to ride along with the next frame. Just before
//! each enabled pass the frame copies the pixel's texel of every target the pass writes (its
//! render targets or the back buffer, or a compute pass's storages, at the texel the pixel falls
//! on in that target's size and mip level); a draw then runs once more, scissored to that texel,
//! into scratch targets of the same formats with no blending and every channel written, inside
//! an occlusion query (so 0 fragments means the shader discarded the pixel, or the draw does
//! not reach it), and, for a pass that tests stencil, once more with the pass's stencil test
//! against the effect's stencil buffer as it then is, writing no stencil, in a second query.
//! After the pass the texels are copied again. Every copy lands in one mappable buffer, read
//! once the frame is done ([`EffectChain::poll_history`], never blocking, or
//! [`EffectChain::pixel_history`] for tools and tests). The frame's own commands, its output and
//! its timings are those of any frame; with no history asked for, nothing of this is recorded.
//!
//! Values are RGBA floats as the targets store them (8-bit ones quantised, sRGB-written ones
//! encoded), so before, returned and after compare exactly, and [`HistoryNote`]s say why the
//! stored value is not what the shader returned.

use std::collections::HashMap;
use std::sync::mpsc::{Receiver, TryRecvError};

use analysis::{BindingResource, PassKind};

use super::{ChainError, EffectChain, TechniqueKey};
use crate::bind_group::EffectResources;
use crate::input::InputTexture;
use crate::inspect::{PassRef, ResourceId};
use crate::sources::FrameInput;
use crate::textures::TextureGpu;

/// Bytes of one slot of the readback buffer: a copy's rows start 256-byte aligned.
const SLOT: u64 = 256;

/// Every pass a frame ran, in order, with what it did at one pixel.
#[derive(Clone, Debug, PartialEq)]
pub struct PixelHistory {
    /// The pixel, in back-buffer coordinates from the top left.
    pub pixel: [u32; 2],
    pub passes: Vec<PassHistory>,
}

/// One pass's part in a pixel's history.
#[derive(Clone, Debug, PartialEq)]
pub struct PassHistory {
    pub pass: PassRef,
    pub technique: String,
    /// The pass's name, or its number from 0.
    pub name: String,
    pub compute: bool,
    /// Fragments the pixel shader produced at the pixel with no stencil test: 0 when it
    /// discarded the pixel or the draw does not reach it. `None` for a compute pass.
    pub fragments: Option<u64>,
    /// Of those, the fragments the pass's stencil test kept; `None` without a stencil test.
    pub stencil_passed: Option<u64>,
    /// Every texture the pass writes, in slot order.
    pub targets: Vec<TargetHistory>,
}

/// What one pass did to one texel of one texture.
#[derive(Clone, Debug, PartialEq)]
pub struct TargetHistory {
    pub resource: ResourceId,
    /// "back buffer", or "effect.fx: Name" as the inspector lists it.
    pub name: String,
    pub format: wgpu::TextureFormat,
    /// The texel the pixel falls on in this texture at `mip_level`.
    pub texel: [u32; 2],
    pub mip_level: u32,
    pub before: [f32; 4],
    pub after: [f32; 4],
    /// What the pixel shader returned for this target, as the target stores it, before blending,
    /// the write mask and the stencil test; `None` for storages and when no fragment was made.
    pub returned: Option<[f32; 4]>,
    pub notes: Vec<HistoryNote>,
}

impl TargetHistory {
    /// Whether the pass changed the texel.
    pub fn changed(&self) -> bool {
        self.before.map(f32::to_bits) != self.after.map(f32::to_bits)
    }
}

/// Why a target's value after a draw is not what its pixel shader returned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HistoryNote {
    /// The draw covers its whole target, so the shader discarded the pixel.
    Discarded,
    /// No fragment: the shader discarded the pixel, or the draw does not reach it.
    NoFragment,
    /// The stencil test rejected the fragment.
    StencilRejected,
    /// Blending combined what the shader returned with what the target held.
    Blended,
    /// The write mask kept some channels as they were.
    WriteMasked,
}

impl HistoryNote {
    pub fn describe(self) -> &'static str {
        match self {
            HistoryNote::Discarded => "discarded",
            HistoryNote::NoFragment => "no fragment (discarded, or the draw does not reach it)",
            HistoryNote::StencilRejected => "stencil test failed",
            HistoryNote::Blended => "blended",
            HistoryNote::WriteMasked => "write mask",
        }
    }
}

/// A run set up for the next frame.
pub(super) struct HistoryRun {
    pixel: [u32; 2],
    chain_size: (u32, u32),
    /// Each slot one texel copy, or one draw's query results.
    staging: wgpu::Buffer,
    slots: u64,
    next_slot: u64,
    queries: Option<(wgpu::QuerySet, wgpu::Buffer)>,
    next_query: u32,
    replays: HashMap<(TechniqueKey, usize), Replay>,
    /// Scratch colour targets by (format, width, height, slot), shared by the replays of a
    /// frame (one per slot: a pass's targets of one format are distinct attachments).
    scratch: HashMap<(wgpu::TextureFormat, u32, u32, usize), wgpu::Texture>,
    records: Vec<PassRecord>,
    /// The pass between its before and after copies.
    open: Option<PassRecord>,
    /// Whether a frame recorded the run, and the staging buffer's mapping once it was submitted.
    recorded: bool,
    mapping: Option<Receiver<Result<(), wgpu::BufferAsyncError>>>,
}

/// A draw's replay pipelines: without stencil, and with the pass's stencil test.
struct Replay {
    plain: wgpu::RenderPipeline,
    stencil: Option<wgpu::RenderPipeline>,
}

struct PassRecord {
    pass: PassRef,
    compute: bool,
    targets: Vec<SlotRecord>,
    /// The slot of a draw's query results, and whether a second (stencil) query follows.
    queries: Option<(u64, bool)>,
}

struct SlotRecord {
    resource: ResourceId,
    format: wgpu::TextureFormat,
    texel: [u32; 2],
    mip_level: u32,
    before: u64,
    after: Option<u64>,
    returned: Option<u64>,
}

/// A texture a pass writes, as the frame has it at the pass: the back buffer before and after
/// the pass are two textures when the frame's routing moves it.
pub(super) struct WrittenTexture<'t> {
    resource: ResourceId,
    before: &'t wgpu::Texture,
    after: &'t wgpu::Texture,
    mip_level: u32,
}

/// The textures `pass` writes: the back buffer (read from `source`, written into
/// `destination`), its render targets, or a compute pass's storages.
pub(super) fn written_textures<'t>(
    key: TechniqueKey,
    pass: &analysis::Pass,
    resources: &EffectResources<'t>,
    source: &'t wgpu::Texture,
    destination: Option<&'t wgpu::Texture>,
) -> Vec<WrittenTexture<'t>> {
    let owned = |id: analysis::TextureId, mip_level: u32| match resources.textures.get(id.index()) {
        Some(TextureGpu::Owned { texture, .. }) => Some(WrittenTexture {
            resource: ResourceId::Texture {
                effect: key.effect,
                texture: id,
            },
            before: texture,
            after: texture,
            mip_level,
        }),
        _ => None,
    };
    if pass.is_compute() {
        return storages(pass)
            .filter_map(|s| {
                let storage = resources.effect.storage(s);
                owned(storage.texture, storage.mip_level)
            })
            .collect();
    }
    if pass.writes_back_buffer() {
        return vec![WrittenTexture {
            resource: ResourceId::BackBuffer,
            before: source,
            after: destination.unwrap_or(source),
            mip_level: 0,
        }];
    }
    pass.render_targets()
        .iter()
        .filter_map(|id| owned(*id, 0))
        .collect()
}

/// The storages a compute pass binds (what it writes).
fn storages(pass: &analysis::Pass) -> impl Iterator<Item = analysis::StorageId> + '_ {
    pass.bindings().iter().filter_map(|b| match b.resource {
        BindingResource::Storage(s) => Some(s),
        _ => None,
    })
}

/// How many textures [`written_textures`] can give for `pass`: what a history reserves for it.
fn written_count(pass: &analysis::Pass) -> usize {
    if pass.is_compute() {
        storages(pass).count()
    } else {
        pass.render_targets().len().max(1)
    }
}

impl EffectChain {
    /// Sets a pixel history of `pixel` up for the next [`Self::frame`] (see the module's doc);
    /// [`Self::poll_history`] gives it once that frame is done. One asked before is replaced.
    pub fn begin_history(&mut self, pixel: [u32; 2]) -> Result<(), ChainError> {
        let [x, y] = pixel;
        if x >= self.size.0 || y >= self.size.1 {
            return Err(ChainError::Debug(format!(
                "pixel {x},{y} is outside the {}x{} back buffer",
                self.size.0, self.size.1
            )));
        }
        let device = self.ctx.device.clone();
        let mut slots = 0u64;
        let mut draws = 0u32;
        let mut replays = HashMap::new();
        let scope = device.push_error_scope(wgpu::ErrorFilter::Validation);
        for key in self.order.clone() {
            if !self.enabled.contains(&key) {
                continue;
            }
            let effect_gpu = &self.effects[key.effect.index()];
            let effect = &effect_gpu.effect;
            let modules =
                crate::pipeline::ShaderModules::new(&device, effect, &self.options.shaders)?;
            for (index, pass) in effect.technique(key.technique).passes.iter().enumerate() {
                let writes = written_count(pass);
                // Before and after per texture; a draw's returned values and its queries.
                slots += 2 * writes as u64;
                if pass.is_compute() {
                    continue;
                }
                slots += writes as u64 + 1;
                draws += 2;
                let gpu = &effect_gpu.passes[key.technique.index()][index];
                let source = crate::pipeline::PipelineSource {
                    device: &device,
                    effect,
                    modules: &modules,
                    pass,
                    label: &format!("{} history", gpu.label),
                };
                let replay = Replay {
                    plain: source.replay(&gpu.layout, false)?,
                    stencil: match pass.stencil() {
                        Some(_) => Some(source.replay(&gpu.layout, true)?),
                        None => None,
                    },
                };
                replays.insert((key, index), replay);
            }
        }
        let staging = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("fxbench pixel history"),
            size: slots.max(1) * SLOT,
            usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let queries = (draws > 0).then(|| {
            let set = device.create_query_set(&wgpu::QuerySetDescriptor {
                label: Some("fxbench pixel history"),
                ty: wgpu::QueryType::Occlusion,
                count: draws,
            });
            let resolve = device.create_buffer(&wgpu::BufferDescriptor {
                label: Some("fxbench pixel history queries"),
                size: u64::from(draws / 2) * SLOT,
                usage: wgpu::BufferUsages::QUERY_RESOLVE | wgpu::BufferUsages::COPY_SRC,
                mapped_at_creation: false,
            });
            (set, resolve)
        });
        if let Some(error) = pollster::block_on(scope.pop()) {
            return Err(ChainError::GpuError {
                what: "setting the pixel history up".into(),
                message: error.to_string(),
            });
        }
        self.history = Some(HistoryRun {
            pixel,
            chain_size: self.size,
            staging,
            slots,
            next_slot: 0,
            queries,
            next_query: 0,
            replays,
            scratch: HashMap::new(),
            records: Vec::new(),
            open: None,
            recorded: false,
            mapping: None,
        });
        Ok(())
    }

    /// Drops the history [`Self::begin_history`] set up.
    pub fn cancel_history(&mut self) {
        self.history = None;
    }

    /// The history [`Self::begin_history`] set up, once the frame that recorded it is done on
    /// the GPU; `None` while it is not, or when none was begun.
    pub fn poll_history(&mut self) -> Option<Result<PixelHistory, ChainError>> {
        let mapping = self.history.as_ref()?.mapping.as_ref()?;
        let _ = self.ctx.device.poll(wgpu::PollType::Poll);
        let mapped = match mapping.try_recv() {
            Err(TryRecvError::Empty) => return None,
            Ok(Ok(())) => Ok(()),
            Ok(Err(e)) => Err(e.to_string()),
            Err(e) => Err(e.to_string()),
        };
        let run = self.history.take().expect("checked above");
        Some(
            mapped
                .and_then(|()| {
                    let bytes = run
                        .staging
                        .slice(..)
                        .get_mapped_range()
                        .map_err(|e| e.to_string())?
                        .to_vec();
                    run.staging.unmap();
                    Ok(self.decode_history(&run, &bytes))
                })
                .map_err(|e| ChainError::Debug(format!("reading the pixel history back: {e}"))),
        )
    }

    /// Renders one frame with a pixel history of `pixel` and returns it, for tools and tests.
    pub fn pixel_history(
        &mut self,
        input: &InputTexture,
        frame_input: &FrameInput,
        pixel: [u32; 2],
    ) -> Result<PixelHistory, ChainError> {
        self.begin_history(pixel)?;
        let rendered = self.render_blocking(input, frame_input);
        if let Err(e) = rendered {
            self.history = None;
            return Err(e);
        }
        let _ = self.ctx.device.poll(wgpu::PollType::wait_indefinitely());
        self.poll_history().unwrap_or_else(|| {
            Err(ChainError::Debug(
                "the frame did not record the pixel history".into(),
            ))
        })
    }

    /// After a frame was submitted: starts mapping the history it recorded.
    pub(super) fn history_after_submit(&mut self) {
        let Some(run) = &mut self.history else {
            return;
        };
        if !run.recorded || run.mapping.is_some() {
            return;
        }
        let (sender, receiver) = std::sync::mpsc::channel();
        run.staging
            .slice(..)
            .map_async(wgpu::MapMode::Read, move |r| {
                let _ = sender.send(r);
            });
        run.mapping = Some(receiver);
    }

    fn decode_history(&self, run: &HistoryRun, bytes: &[u8]) -> PixelHistory {
        let names: HashMap<ResourceId, String> = self
            .resources()
            .into_iter()
            .map(|r| (r.id, r.name))
            .collect();
        let texel = |format: wgpu::TextureFormat, slot: u64| {
            let at = (slot * SLOT) as usize;
            crate::inspect::decode_texel(format, &bytes[at..at + SLOT as usize])
        };
        let count = |slot: u64, k: usize| {
            let at = (slot * SLOT) as usize + 8 * k;
            u64::from_le_bytes(bytes[at..at + 8].try_into().expect("8 bytes"))
        };
        let passes = run
            .records
            .iter()
            .map(|record| {
                let technique = self.technique(record.pass.key);
                let pass = &technique.passes[record.pass.pass];
                let fragments = record.queries.map(|(slot, _)| count(slot, 0));
                let stencil_passed = record
                    .queries
                    .and_then(|(slot, stencil)| stencil.then(|| count(slot, 1)));
                let targets = record
                    .targets
                    .iter()
                    .enumerate()
                    .map(|(k, t)| {
                        let before = texel(t.format, t.before);
                        let after = t.after.map_or(before, |s| texel(t.format, s));
                        let returned = t
                            .returned
                            .filter(|_| fragments.is_some_and(|f| f > 0))
                            .map(|s| texel(t.format, s));
                        TargetHistory {
                            resource: t.resource,
                            name: names.get(&t.resource).cloned().unwrap_or_default(),
                            format: t.format,
                            texel: t.texel,
                            mip_level: t.mip_level,
                            before,
                            after,
                            returned,
                            notes: notes(pass, k, fragments, stencil_passed, returned, after),
                        }
                    })
                    .collect();
                PassHistory {
                    pass: record.pass,
                    technique: technique.name.clone(),
                    name: pass
                        .name()
                        .map_or_else(|| record.pass.pass.to_string(), str::to_string),
                    compute: record.compute,
                    fragments,
                    stencil_passed,
                    targets,
                }
            })
            .collect();
        PixelHistory {
            pixel: run.pixel,
            passes,
        }
    }
}

/// Why slot `slot`'s stored value differs from what the shader returned.
fn notes(
    pass: &analysis::Pass,
    slot: usize,
    fragments: Option<u64>,
    stencil_passed: Option<u64>,
    returned: Option<[f32; 4]>,
    after: [f32; 4],
) -> Vec<HistoryNote> {
    let Some(fragments) = fragments else {
        return Vec::new();
    };
    if fragments == 0 {
        return vec![if pass.covers_target() {
            HistoryNote::Discarded
        } else {
            HistoryNote::NoFragment
        }];
    }
    if stencil_passed == Some(0) {
        return vec![HistoryNote::StencilRejected];
    }
    let mut notes = Vec::new();
    let differs = returned.is_some_and(|r| r.map(f32::to_bits) != after.map(f32::to_bits));
    if pass.blend()[slot].is_some() && differs {
        notes.push(HistoryNote::Blended);
    }
    if pass.write_mask()[slot] != 0xF {
        notes.push(HistoryNote::WriteMasked);
    }
    notes
}

impl HistoryRun {
    /// A frame begins: whether it records the run (the first frame after it was set up does,
    /// whether or not it reaches any pass; the later ones leave it to its readback).
    pub(super) fn begin_frame(&mut self) -> bool {
        !std::mem::replace(&mut self.recorded, true)
    }

    fn slot(&mut self) -> Option<u64> {
        (self.next_slot < self.slots).then(|| {
            self.next_slot += 1;
            self.next_slot - 1
        })
    }

    /// The texel `self.pixel` falls on in a `width`x`height` texture at `mip_level`.
    fn texel_in(&self, width: u32, height: u32, mip_level: u32) -> [u32; 2] {
        let (w, h) = ((width >> mip_level).max(1), (height >> mip_level).max(1));
        let scale = |p: u32, to: u32, from: u32| {
            ((u64::from(p) * u64::from(to)) / u64::from(from)).min(u64::from(to - 1)) as u32
        };
        [
            scale(self.pixel[0], w, self.chain_size.0),
            scale(self.pixel[1], h, self.chain_size.1),
        ]
    }

    /// Copies texel `texel` of `texture` (level `mip_level`) into a new slot.
    fn copy_texel(
        &mut self,
        encoder: &mut wgpu::CommandEncoder,
        texture: &wgpu::Texture,
        mip_level: u32,
        texel: [u32; 2],
    ) -> Option<u64> {
        crate::inspect::bytes_per_texel(texture.format())?;
        let slot = self.slot()?;
        encoder.copy_texture_to_buffer(
            wgpu::TexelCopyTextureInfo {
                texture,
                mip_level,
                origin: wgpu::Origin3d {
                    x: texel[0],
                    y: texel[1],
                    z: 0,
                },
                aspect: wgpu::TextureAspect::All,
            },
            wgpu::TexelCopyBufferInfo {
                buffer: &self.staging,
                layout: wgpu::TexelCopyBufferLayout {
                    offset: slot * SLOT,
                    bytes_per_row: Some(SLOT as u32),
                    rows_per_image: None,
                },
            },
            wgpu::Extent3d {
                width: 1,
                height: 1,
                depth_or_array_layers: 1,
            },
        );
        Some(slot)
    }

    /// Just before pass `pass` of `key` runs: copies its targets' texels and, for a draw,
    /// replays it at the pixel. `stencil` is the effect's stencil buffer and whether the
    /// technique has cleared it yet this frame.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn before_pass(
        &mut self,
        device: &wgpu::Device,
        encoder: &mut wgpu::CommandEncoder,
        pass: PassRef,
        model: &analysis::Pass,
        written: &[WrittenTexture<'_>],
        bind_group: &wgpu::BindGroup,
        stencil: Option<(&wgpu::TextureView, bool)>,
    ) {
        let compute = model.is_compute();
        if !compute && !self.replays.contains_key(&(pass.key, pass.pass)) {
            // Enabled after the history was set up: not part of it.
            return;
        }
        let mut targets = Vec::with_capacity(written.len());
        for w in written {
            let texel = self.texel_in(w.before.width(), w.before.height(), w.mip_level);
            let Some(before) = self.copy_texel(encoder, w.before, w.mip_level, texel) else {
                continue;
            };
            targets.push(SlotRecord {
                resource: w.resource,
                format: w.before.format(),
                texel,
                mip_level: w.mip_level,
                before,
                after: None,
                returned: None,
            });
        }
        let mut record = PassRecord {
            pass,
            compute,
            targets,
            queries: None,
        };
        if let (PassKind::Draw(draw), Some(first)) = (model.kind(), written.first()) {
            let size = (first.after.width(), first.after.height());
            let texel = self.texel_in(size.0, size.1, 0);
            let formats: Vec<wgpu::TextureFormat> =
                written.iter().map(|w| w.after.format()).collect();
            self.replay(
                device,
                encoder,
                &mut record,
                ReplayDraw {
                    model,
                    formats: &formats,
                    size,
                    texel,
                    vertex_count: draw.vertex_count,
                    bind_group,
                    stencil,
                },
            );
        }
        self.open = Some(record);
    }

    /// Right after the pass: copies its targets' texels again.
    pub(super) fn after_pass(
        &mut self,
        encoder: &mut wgpu::CommandEncoder,
        written: &[WrittenTexture<'_>],
    ) {
        let Some(mut record) = self.open.take() else {
            return;
        };
        for (t, w) in record.targets.iter_mut().zip(written) {
            t.after = self.copy_texel(encoder, w.after, t.mip_level, t.texel);
        }
        self.records.push(record);
    }

    fn scratch_view(
        &mut self,
        device: &wgpu::Device,
        (format, slot): (wgpu::TextureFormat, usize),
        (width, height): (u32, u32),
        view_format: wgpu::TextureFormat,
    ) -> (wgpu::Texture, wgpu::TextureView) {
        let srgb_format = format.add_srgb_suffix();
        let texture = self
            .scratch
            .entry((format, width, height, slot))
            .or_insert_with(|| {
                let view_formats: &[wgpu::TextureFormat] = if srgb_format == format {
                    &[]
                } else {
                    std::slice::from_ref(&srgb_format)
                };
                crate::input::frame_texture(
                    device,
                    (width, height),
                    format,
                    view_formats,
                    "fxbench pixel history scratch",
                )
            })
            .clone();
        let view = texture.create_view(&wgpu::TextureViewDescriptor {
            format: Some(view_format),
            ..Default::default()
        });
        (texture, view)
    }

    /// Replays a draw at the texel into scratch targets (see the module's doc).
    fn replay(
        &mut self,
        device: &wgpu::Device,
        encoder: &mut wgpu::CommandEncoder,
        record: &mut PassRecord,
        draw: ReplayDraw<'_>,
    ) {
        let Some((set, resolve)) = self.queries.clone() else {
            return;
        };
        let Some(query_slot) = self.slot() else {
            return;
        };
        // As the pass's pipeline has them: through the sRGB view for `SRGBWriteEnable`.
        let srgb = draw.model.srgb_write();
        let scratch: Vec<(wgpu::Texture, wgpu::TextureView)> = draw
            .formats
            .iter()
            .enumerate()
            .map(|(slot, &format)| {
                let view = if srgb {
                    format.add_srgb_suffix()
                } else {
                    format
                };
                self.scratch_view(device, (format, slot), draw.size, view)
            })
            .collect();
        let replay = &self.replays[&(record.pass.key, record.pass.pass)];
        let first_query = self.next_query;
        let stencil_run = replay
            .stencil
            .as_ref()
            .zip(draw.stencil)
            .zip(draw.model.stencil());
        // The stencil run first: the plain one's result is what the scratch targets keep.
        let mut runs: Vec<(&wgpu::RenderPipeline, Option<(&wgpu::TextureView, bool)>)> = Vec::new();
        if let Some(((pipeline, stencil), _)) = stencil_run {
            runs.push((pipeline, Some(stencil)));
        }
        runs.push((&replay.plain, None));
        for (pipeline, stencil) in &runs {
            let attachments: Vec<_> = scratch
                .iter()
                .map(|(_, view)| super::debug::scratch_attachment(view, wgpu::StoreOp::Store))
                .collect();
            let depth_stencil_attachment =
                stencil.map(|(view, cleared)| wgpu::RenderPassDepthStencilAttachment {
                    view,
                    depth_ops: None,
                    stencil_ops: Some(wgpu::Operations {
                        // Before the technique's first stencil pass the frame clears it to 0.
                        load: if cleared {
                            wgpu::LoadOp::Load
                        } else {
                            wgpu::LoadOp::Clear(0)
                        },
                        store: wgpu::StoreOp::Store,
                    }),
                });
            let mut rpass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
                label: Some("fxbench pixel history"),
                color_attachments: &attachments,
                depth_stencil_attachment,
                timestamp_writes: None,
                occlusion_query_set: Some(&set),
                multiview_mask: None,
            });
            if let Some(state) = draw.model.stencil() {
                rpass.set_stencil_reference(u32::from(state.reference));
            }
            rpass.set_scissor_rect(draw.texel[0], draw.texel[1], 1, 1);
            rpass.set_pipeline(pipeline);
            rpass.set_bind_group(0, draw.bind_group, &[]);
            // Query `first` counts the plain run's fragments, `first + 1` the stencil run's.
            rpass.begin_occlusion_query(first_query + u32::from(stencil.is_some()));
            rpass.draw(0..draw.vertex_count, 0..1);
            rpass.end_occlusion_query();
        }
        let used = runs.len() as u32;
        self.next_query += 2;
        let resolve_at = u64::from(first_query / 2) * SLOT;
        encoder.resolve_query_set(&set, first_query..first_query + used, &resolve, resolve_at);
        encoder.copy_buffer_to_buffer(
            &resolve,
            resolve_at,
            &self.staging,
            query_slot * SLOT,
            8 * u64::from(used),
        );
        record.queries = Some((query_slot, used == 2));
        for (target, (texture, _)) in record.targets.iter_mut().zip(&scratch) {
            target.returned = self.copy_texel(encoder, texture, 0, draw.texel);
        }
    }
}

/// What replaying one draw needs.
struct ReplayDraw<'a> {
    model: &'a analysis::Pass,
    /// The stored formats of its targets, in slot order.
    formats: &'a [wgpu::TextureFormat],
    size: (u32, u32),
    texel: [u32; 2],
    vertex_count: u32,
    bind_group: &'a wgpu::BindGroup,
    stencil: Option<(&'a wgpu::TextureView, bool)>,
}
