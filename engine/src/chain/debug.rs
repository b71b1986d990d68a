//! The shader debugger's recording run: [`EffectChain::record_trace`] renders one frame in
//! which, just before the pass asked for, the same pass runs once more with the instrumented
//! effect's shaders (`analysis::debug`) and the trace buffer bound in group 1. It reads the
//! chain's textures as they are at that point of the frame and binds the pass's own group-0
//! bind group; a draw renders into scratch targets of the pass's formats (cleared, discarded,
//! scissored to the one pixel), so nothing of the chain's output changes, and it is untimed.
//! The vertex shader is the normal effect's (the instrumented module's records are gated to
//! pixel and compute invocations); stencil tests are left out, so the pixel shader is
//! recorded as it runs before the stencil test would drop it. A compute pass is dispatched
//! whole, as the pass is: its storage writes happen once more just before the pass runs, which
//! a pass that accumulates into its storages would see. With no trace asked for, a frame
//! records nothing of this.
//!
//! The window does not wait: [`EffectChain::begin_trace`] sets the same run up to ride along
//! with the next ordinary frame (which copies the records into a mappable buffer right after
//! the run), `after_submit` starts mapping it, and [`EffectChain::poll_trace`] hands the trace
//! over once the GPU is done, never blocking.

use analysis::debug::{InstrumentedEffect, TRACE_BUFFER_BYTES, TRACE_GROUP, Trace, TraceTable};
use analysis::{PassKind, ValidatedEffect};

use super::{ChainError, EffectChain, TechniqueKey};
use crate::input::InputTexture;
use crate::sources::FrameInput;

/// Which pass to record and for which pixel (x, y) or compute thread (x, y, z), with the
/// instrumented compile of that pass's effect.
pub struct TraceRequest<'a> {
    pub technique: TechniqueKey,
    /// The pass's index in its technique.
    pub pass: usize,
    /// The pixel (`[x, y, 0]`) or the dispatch thread id.
    pub target: [u32; 3],
    pub instrumented: &'a InstrumentedEffect,
}

/// A recording run set up for the next frame.
pub(super) struct DebugRun {
    pub(super) key: TechniqueKey,
    pub(super) pass: usize,
    target: [u32; 3],
    pipeline: DebugPipeline,
    trace_group: wgpu::BindGroup,
    buffer: wgpu::Buffer,
    /// Scratch colour targets of a draw, one per target of the pass.
    scratch: Vec<wgpu::TextureView>,
    /// Whether the frame reached the pass and recorded the run.
    pub(super) recorded: bool,
    /// For a run that rides along with an ordinary frame ([`EffectChain::begin_trace`]): the
    /// mappable copy of the records, and its mapping once the frame was submitted.
    readback: Option<Readback>,
}

/// A run's records on their way back without blocking.
struct Readback {
    buffer: wgpu::Buffer,
    /// Started by the first `after_submit` after the run was recorded.
    mapping: Option<std::sync::mpsc::Receiver<Result<(), wgpu::BufferAsyncError>>>,
    /// A frame was submitted that did not reach the pass.
    missed: bool,
}

enum DebugPipeline {
    Render(wgpu::RenderPipeline),
    Compute(wgpu::ComputePipeline),
}

fn refused(message: impl Into<String>) -> ChainError {
    ChainError::Debug(message.into())
}

impl EffectChain {
    /// Renders one frame with the recording run of `request`'s pass (see the module's doc) and
    /// returns the records it wrote, decoded against the instrumented effect's side table. The
    /// technique must be enabled: the run happens where the frame reaches the pass.
    pub fn record_trace(
        &mut self,
        input: &InputTexture,
        frame_input: &FrameInput,
        request: &TraceRequest<'_>,
    ) -> Result<Trace, ChainError> {
        let run = self.debug_run(request)?;
        self.debug = Some(run);
        let rendered = self.render_blocking(input, frame_input);
        let run = self
            .debug
            .take()
            .expect("the frame leaves the run in place");
        rendered?;
        if !run.recorded {
            return Err(refused(format!(
                "technique '{}' did not run in the frame (is it enabled?)",
                self.technique(request.technique).name
            )));
        }
        let bytes = read_buffer(&self.ctx.device, &self.ctx.queue, &run.buffer)?;
        Trace::decode(&bytes, &request.instrumented.table)
            .ok_or_else(|| refused("the trace buffer does not match its side table"))
    }

    /// Sets `request`'s recording run up for the next [`Self::frame`], which records it where
    /// it reaches the pass; [`Self::poll_trace`] gives the trace once that frame is done. A run
    /// asked before replaces one under way. Nothing waits for the GPU.
    pub fn begin_trace(&mut self, request: &TraceRequest<'_>) -> Result<(), ChainError> {
        let mut run = self.debug_run(request)?;
        run.readback = Some(Readback {
            buffer: self.ctx.device.create_buffer(&wgpu::BufferDescriptor {
                label: Some("fxbench trace readback"),
                size: run.buffer.size(),
                usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
                mapped_at_creation: false,
            }),
            mapping: None,
            missed: false,
        });
        self.debug = Some(run);
        Ok(())
    }

    /// Drops the run [`Self::begin_trace`] set up, whatever it has done.
    pub fn cancel_trace(&mut self) {
        self.debug = None;
    }

    /// The trace of the run [`Self::begin_trace`] set up, decoded against `table` (the
    /// instrumented effect's), once the frame that recorded it is done on the GPU; `None`
    /// while it is not (or none was begun). An error when a frame ran without reaching the pass
    /// (its technique disabled, the chain bypassed).
    pub fn poll_trace(&mut self, table: &TraceTable) -> Option<Result<Trace, ChainError>> {
        let readback = self.debug.as_ref()?.readback.as_ref()?;
        if readback.missed {
            let run = self.debug.take().expect("checked above");
            return Some(Err(refused(format!(
                "the frame did not reach technique '{}' (is it enabled?)",
                self.technique(run.key).name
            ))));
        }
        let mapping = readback.mapping.as_ref()?;
        let _ = self.ctx.device.poll(wgpu::PollType::Poll);
        let mapped = match mapping.try_recv() {
            Err(std::sync::mpsc::TryRecvError::Empty) => return None,
            Ok(Ok(())) => Ok(()),
            Ok(Err(e)) => Err(refused(format!("reading the trace back: {e}"))),
            Err(e) => Err(refused(format!("reading the trace back: {e}"))),
        };
        let run = self.debug.take().expect("checked above");
        let buffer = &run.readback.as_ref().expect("checked above").buffer;
        let decoded = mapped.and_then(|()| {
            let bytes = buffer
                .slice(..)
                .get_mapped_range()
                .map_err(|e| refused(format!("reading the trace back: {e}")))?
                .to_vec();
            buffer.unmap();
            Trace::decode(&bytes, table)
                .ok_or_else(|| refused("the trace buffer does not match its side table"))
        });
        Some(decoded)
    }

    /// After a frame was submitted: starts reading back the records of a run it recorded, or
    /// notes that it did not reach the pass.
    pub(super) fn trace_after_submit(&mut self) {
        let Some(run) = &mut self.debug else {
            return;
        };
        let recorded = run.recorded;
        let Some(readback) = &mut run.readback else {
            return;
        };
        if readback.mapping.is_some() {
            return;
        }
        if !recorded {
            readback.missed = true;
            return;
        }
        let (sender, receiver) = std::sync::mpsc::channel();
        readback
            .buffer
            .slice(..)
            .map_async(wgpu::MapMode::Read, move |r| {
                let _ = sender.send(r);
            });
        readback.mapping = Some(receiver);
    }

    /// Checks the request against the chain and makes its pipeline, buffer and targets.
    fn debug_run(&self, request: &TraceRequest<'_>) -> Result<DebugRun, ChainError> {
        let effect_gpu = &self.effects[request.technique.effect.index()];
        let effect = &effect_gpu.effect;
        let instrumented = &request.instrumented.effect;
        let technique = effect.technique(request.technique.technique);
        let Some(pass) = technique.passes.get(request.pass) else {
            return Err(refused(format!(
                "technique '{}' has {} passes, no pass {}",
                technique.name,
                technique.passes.len(),
                request.pass
            )));
        };
        let same = instrumented
            .techniques()
            .get(request.technique.technique.index())
            .and_then(|t| t.passes.get(request.pass))
            .filter(|p| p.bindings() == pass.bindings() && p.kind() == pass.kind());
        let Some(traced) = same else {
            return Err(refused(
                "the instrumented effect does not match the chain's (compiled from other text?)",
            ));
        };
        if !matches!(self.options.shaders, crate::pipeline::Shaders::Naga) {
            return Err(refused(
                "the recording run needs the naga shaders (the default)",
            ));
        }
        let gpu = &effect_gpu.passes[request.technique.technique.index()][request.pass];
        let device = &self.ctx.device;
        let label = format!("{} trace", gpu.label);
        let trace_layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some(&label),
            entries: &[wgpu::BindGroupLayoutEntry {
                binding: 0,
                visibility: wgpu::ShaderStages::FRAGMENT | wgpu::ShaderStages::COMPUTE,
                ty: wgpu::BindingType::Buffer {
                    ty: wgpu::BufferBindingType::Storage { read_only: false },
                    has_dynamic_offset: false,
                    min_binding_size: None,
                },
                count: None,
            }],
        });
        debug_assert_eq!(TRACE_GROUP, 1, "group 0 is the pass's, the trace's is next");
        let layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some(&label),
            bind_group_layouts: &[Some(&gpu.layout), Some(&trace_layout)],
            immediate_size: 0,
        });
        let module = |e: &ValidatedEffect, what: &str| {
            device.create_shader_module(wgpu::ShaderModuleDescriptor {
                label: Some(&format!("{} {what}", e.path().display())),
                source: wgpu::ShaderSource::Naga(std::borrow::Cow::Owned(e.module().clone())),
            })
        };
        let traced_module = module(instrumented, "instrumented");
        let (pipeline, scratch) = match (pass.kind(), traced.kind()) {
            (PassKind::Compute(dispatch), _) => {
                let threads = instrumented.entry_point(dispatch.entry).workgroup_size;
                let inside = (0..3)
                    .all(|k| request.target[k] < dispatch.groups[k].saturating_mul(threads[k]));
                if !inside {
                    return Err(refused(format!(
                        "thread {:?} is outside the dispatch ({:?} groups of {threads:?})",
                        request.target, dispatch.groups
                    )));
                }
                let entry = &instrumented.entry_point(dispatch.entry).name;
                let pipeline = device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
                    label: Some(&label),
                    layout: Some(&layout),
                    module: &traced_module,
                    entry_point: Some(entry),
                    compilation_options: Default::default(),
                    cache: None,
                });
                (DebugPipeline::Compute(pipeline), Vec::new())
            }
            (PassKind::Draw(draw), PassKind::Draw(traced_draw)) => {
                let size = self.target_size(request, pass);
                let [x, y, _] = request.target;
                if x >= size.0 || y >= size.1 {
                    return Err(refused(format!(
                        "pixel {x},{y} is outside the pass's {}x{} target",
                        size.0, size.1
                    )));
                }
                let stages = DrawStages {
                    vertex: module(effect, "vertex"),
                    vertex_entry: &effect.entry_point(draw.vertex).name,
                    fragment: &traced_module,
                    fragment_entry: &instrumented.entry_point(traced_draw.fragment).name,
                };
                let (pipeline, scratch) =
                    draw_pipeline(device, &layout, effect, pass, &stages, size, &label);
                (DebugPipeline::Render(pipeline), scratch)
            }
            _ => return Err(refused("the instrumented pass is of another kind")),
        };
        let buffer = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some(&label),
            size: u64::from(TRACE_BUFFER_BYTES),
            usage: wgpu::BufferUsages::STORAGE
                | wgpu::BufferUsages::COPY_SRC
                | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        self.ctx
            .queue
            .write_buffer(&buffer, 0, &Trace::header(request.target));
        let trace_group = device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some(&label),
            layout: &trace_layout,
            entries: &[wgpu::BindGroupEntry {
                binding: 0,
                resource: buffer.as_entire_binding(),
            }],
        });
        Ok(DebugRun {
            key: request.technique,
            pass: request.pass,
            target: request.target,
            pipeline,
            trace_group,
            buffer,
            scratch,
            recorded: false,
            readback: None,
        })
    }

    /// The size of the targets a draw renders into: the back buffer's or its first render
    /// target's.
    fn target_size(&self, request: &TraceRequest<'_>, pass: &analysis::Pass) -> (u32, u32) {
        let textures = &self.effects[request.technique.effect.index()].textures;
        match pass.render_targets().first() {
            Some(id) => match &textures[id.index()] {
                crate::textures::TextureGpu::Owned { texture, .. } => {
                    (texture.width(), texture.height())
                }
                crate::textures::TextureGpu::Semantic(_) => self.size,
            },
            None => self.size,
        }
    }
}

/// The modules and entry points of a recording draw.
struct DrawStages<'a> {
    vertex: wgpu::ShaderModule,
    vertex_entry: &'a str,
    fragment: &'a wgpu::ShaderModule,
    fragment_entry: &'a str,
}

/// A recording draw's pipeline (the pass's colour targets, no stencil) and its scratch targets.
fn draw_pipeline(
    device: &wgpu::Device,
    layout: &wgpu::PipelineLayout,
    effect: &ValidatedEffect,
    pass: &analysis::Pass,
    stages: &DrawStages<'_>,
    size: (u32, u32),
    label: &str,
) -> (wgpu::RenderPipeline, Vec<wgpu::TextureView>) {
    let PassKind::Draw(draw) = pass.kind() else {
        unreachable!("only draws are given");
    };
    let targets = crate::pipeline::color_targets(effect, pass);
    let pipeline = device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
        label: Some(label),
        layout: Some(layout),
        vertex: wgpu::VertexState {
            module: &stages.vertex,
            entry_point: Some(stages.vertex_entry),
            compilation_options: Default::default(),
            buffers: &[],
        },
        primitive: wgpu::PrimitiveState {
            topology: crate::format::topology(draw.topology),
            ..Default::default()
        },
        depth_stencil: None,
        multisample: wgpu::MultisampleState::default(),
        fragment: Some(wgpu::FragmentState {
            module: stages.fragment,
            entry_point: Some(stages.fragment_entry),
            compilation_options: Default::default(),
            targets: &targets,
        }),
        multiview_mask: None,
        cache: None,
    });
    let scratch = targets
        .iter()
        .flatten()
        .map(|t| scratch_target(device, size, t.format, label))
        .collect();
    (pipeline, scratch)
}

/// A scratch colour target cleared to transparent black, its result stored or not.
pub(super) fn scratch_attachment(
    view: &wgpu::TextureView,
    store: wgpu::StoreOp,
) -> Option<wgpu::RenderPassColorAttachment<'_>> {
    Some(wgpu::RenderPassColorAttachment {
        view,
        depth_slice: None,
        resolve_target: None,
        ops: wgpu::Operations {
            load: wgpu::LoadOp::Clear(wgpu::Color::TRANSPARENT),
            store,
        },
    })
}

fn scratch_target(
    device: &wgpu::Device,
    size: (u32, u32),
    format: wgpu::TextureFormat,
    label: &str,
) -> wgpu::TextureView {
    crate::input::frame_texture(device, size, format, &[], label)
        .create_view(&wgpu::TextureViewDescriptor::default())
}

impl DebugRun {
    /// Records the run into `encoder` with the pass's group-0 `bind_group`: a draw of
    /// `vertex_count` vertices scissored to the pixel, or a dispatch of `groups`.
    pub(super) fn record(
        &mut self,
        encoder: &mut wgpu::CommandEncoder,
        bind_group: &wgpu::BindGroup,
        vertex_count: u32,
        groups: [u32; 3],
    ) {
        if self.recorded {
            // A run riding along with the frames records in the first that reaches the pass;
            // its records are being read back while later frames run.
            return;
        }
        self.recorded = true;
        match &self.pipeline {
            DebugPipeline::Compute(pipeline) => {
                let mut cpass = encoder.begin_compute_pass(&wgpu::ComputePassDescriptor {
                    label: Some("fxbench trace"),
                    timestamp_writes: None,
                });
                cpass.set_pipeline(pipeline);
                cpass.set_bind_group(0, bind_group, &[]);
                cpass.set_bind_group(TRACE_GROUP, &self.trace_group, &[]);
                cpass.dispatch_workgroups(groups[0], groups[1], groups[2]);
            }
            DebugPipeline::Render(pipeline) => {
                let attachments: Vec<_> = self
                    .scratch
                    .iter()
                    .map(|view| scratch_attachment(view, wgpu::StoreOp::Discard))
                    .collect();
                let mut rpass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
                    label: Some("fxbench trace"),
                    color_attachments: &attachments,
                    depth_stencil_attachment: None,
                    timestamp_writes: None,
                    occlusion_query_set: None,
                    multiview_mask: None,
                });
                let [x, y, _] = self.target;
                rpass.set_scissor_rect(x, y, 1, 1);
                rpass.set_pipeline(pipeline);
                rpass.set_bind_group(0, bind_group, &[]);
                rpass.set_bind_group(TRACE_GROUP, &self.trace_group, &[]);
                rpass.draw(0..vertex_count, 0..1);
            }
        }
        if let Some(readback) = &self.readback {
            encoder.copy_buffer_to_buffer(&self.buffer, 0, &readback.buffer, 0, self.buffer.size());
        }
    }
}

/// The trace buffer's bytes, copied into a mappable buffer and read once the GPU is done.
fn read_buffer(
    device: &wgpu::Device,
    queue: &wgpu::Queue,
    buffer: &wgpu::Buffer,
) -> Result<Vec<u8>, ChainError> {
    let readback = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("fxbench trace readback"),
        size: buffer.size(),
        usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
        mapped_at_creation: false,
    });
    let mut encoder = device.create_command_encoder(&wgpu::CommandEncoderDescriptor {
        label: Some("fxbench trace readback"),
    });
    encoder.copy_buffer_to_buffer(buffer, 0, &readback, 0, buffer.size());
    queue.submit([encoder.finish()]);
    let (sender, receiver) = std::sync::mpsc::channel();
    readback.slice(..).map_async(wgpu::MapMode::Read, move |r| {
        let _ = sender.send(r);
    });
    let _ = device.poll(wgpu::PollType::wait_indefinitely());
    match receiver.recv() {
        Ok(Ok(())) => {}
        Ok(Err(e)) => return Err(refused(format!("reading the trace back: {e}"))),
        Err(e) => return Err(refused(format!("reading the trace back: {e}"))),
    }
    let bytes = readback
        .slice(..)
        .get_mapped_range()
        .map_err(|e| refused(format!("reading the trace back: {e}")))?
        .to_vec();
    readback.unmap();
    Ok(bytes)
}
