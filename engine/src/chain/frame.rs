//! Recording a frame: uniforms refreshed, the back-buffer plan made for the enabled passes, and
//! the plan executed pass by pass into the caller's command encoder, timed per pass and technique.

use std::collections::HashSet;
use std::time::Instant;

use analysis::{BindingResource, PassKind};

use super::{ChainError, EffectChain, EffectIndex, TechniqueKey, owned_texture, record_sample};
use crate::bind_group::{EffectResources, FrameViews};
use crate::effect_gpu::{EffectGpu, PassGpu};
use crate::input::InputTexture;
use crate::inspect::{CapturePoint, CaptureState, PassRef, ResourceId};
use crate::mips::MipGenerator;
use crate::pipeline::PassPipeline;
use crate::routing::{BackBuffer, FrameCopy, FramePlan, PassNeeds, PassRoute, TargetLoad};
use crate::sources::FrameInput;
use crate::textures::FrameTarget;
use crate::textures::TextureGpu;
use crate::timing::{GpuTimer, TimedScope};

impl EffectChain {
    /// Records every enabled technique, in order, over `input` into `encoder`; the result lands in
    /// [`Self::output`]. Call [`Self::after_submit`] once the encoder's commands are submitted.
    ///
    /// A validation error wgpu reported since the last frame outside any error scope (the
    /// device's uncaptured-error handler, `GpuContext::take_error`) is returned here, and
    /// recording runs in an error scope of its own, so neither ends the process.
    pub fn frame(
        &mut self,
        encoder: &mut wgpu::CommandEncoder,
        input: &InputTexture,
        frame_input: &FrameInput,
    ) -> Result<(), ChainError> {
        if let Some(why) = self.ctx.lost() {
            return Err(ChainError::DeviceLost(why));
        }
        if let Some(message) = self.ctx.take_error() {
            return Err(ChainError::GpuError {
                what: "since the last frame".into(),
                message,
            });
        }
        let scope = self
            .ctx
            .device
            .push_error_scope(wgpu::ErrorFilter::Validation);
        let recorded = self.record_frame(encoder, input, frame_input);
        if let Some(error) = pollster::block_on(scope.pop()) {
            return Err(ChainError::GpuError {
                what: "recording the frame".into(),
                message: error.to_string(),
            });
        }
        recorded
    }

    /// [`Self::frame`] inside its error scope.
    fn record_frame(
        &mut self,
        encoder: &mut wgpu::CommandEncoder,
        input: &InputTexture,
        frame_input: &FrameInput,
    ) -> Result<(), ChainError> {
        let frame_started = Instant::now();
        let actual = (input.width(), input.height());
        if actual != self.size {
            return Err(ChainError::InputSize {
                expected: self.size,
                actual,
            });
        }
        let expected = crate::color::wgpu_format(self.options.back_buffer.format());
        if input.texture.format() != expected {
            return Err(ChainError::InputFormat {
                expected,
                actual: input.texture.format(),
            });
        }
        if self.bound_input.as_ref() != Some(&input.texture) {
            // Bind groups that reference the input (as COLOR or DEPTH) are stale.
            for e in &mut self.effects {
                e.forget_frame_bind_groups();
            }
            self.bound_input = Some(input.texture.clone());
            self.depth_bound = input.depth.is_some();
        }
        self.begin_timing();
        if let Some(capture) = &mut self.capture {
            capture.begin_frame();
        }
        let capture_texture = self
            .capture
            .as_ref()
            .and_then(|c| self.owned_texture(c.request.resource))
            .cloned();

        self.apply_technique_annotations(frame_input);
        self.update_uniforms(frame_input);

        let active: Vec<TechniqueKey> = self
            .order
            .iter()
            .filter(|k| !self.bypass && self.enabled.contains(k))
            .filter(|k| !frame_input.screenshot || self.in_screenshots(**k))
            .copied()
            .collect();
        self.record_reference(encoder, input, &active);
        let plan = FramePlan::new(&self.pass_needs(&active));
        let mut routes = plan.passes.iter();
        let probes: &mut [CaptureState] = if std::mem::take(&mut self.probes_pending) {
            &mut self.probes
        } else {
            &mut []
        };
        let probe_textures: Vec<Option<wgpu::Texture>> = probes
            .iter()
            .map(|p| owned_texture(&self.effects, p.request.resource).cloned())
            .collect();
        let mut recorder = Recorder {
            timer: self.timer.as_mut(),
            capture: self.capture.as_mut(),
            capture_texture,
            probes,
            probe_textures,
            debug: self.debug.as_mut(),
            // Recorded by the first frame after it was set up; later ones leave it be.
            history: self
                .history
                .as_mut()
                .and_then(|h| h.begin_frame().then_some(h)),
            ..Recorder::untimed(
                &self.ctx.device,
                &mut *encoder,
                BackBuffers {
                    input,
                    intermediate: &self.intermediate,
                    output: &self.output,
                },
                &self.mip_generator,
            )
        };
        recorder.capture_at(CapturePoint::Start);
        for key in active {
            let started = Instant::now();
            let effect = &mut self.effects[key.effect.index()];
            let passes_cpu_ns = recorder.technique(key, effect, &mut routes);
            let entry = self.timings.entry(key).or_default();
            entry
                .passes_gpu_ns
                .resize_with(passes_cpu_ns.len(), Default::default);
            entry
                .passes_cpu_ns
                .resize_with(passes_cpu_ns.len(), Default::default);
            for (history, ns) in entry.passes_cpu_ns.iter_mut().zip(passes_cpu_ns) {
                history.push(ns);
            }
            entry.cpu_ns.push(started.elapsed().as_nanos() as u64);
        }
        if let Some(copy) = plan.copy_after {
            recorder.copy(copy);
        }
        // Either the last back-buffer pass drew into the output or the copy just made it.
        recorder.back_buffer_now = BackBuffer::Output;
        recorder.capture_at(CapturePoint::End);
        for probe in recorder.probes.iter_mut() {
            probe.end_frame();
        }
        if let Some(capture) = &mut self.capture {
            capture.end_frame();
        }
        self.copies_last_frame = plan.copies();
        if let Some(timer) = &mut self.timer {
            timer.end_frame(encoder);
        }
        self.source_state.end_frame(frame_input);
        self.frame_timings
            .cpu_ns
            .push(frame_started.elapsed().as_nanos() as u64);
        Ok(())
    }

    /// With a reference technique set (`chain/reference.rs`): records `active` without it,
    /// untimed and uncaptured, and copies the result into the reference texture.
    fn record_reference(
        &mut self,
        encoder: &mut wgpu::CommandEncoder,
        input: &InputTexture,
        active: &[TechniqueKey],
    ) {
        let Some(without) = self.reference() else {
            return;
        };
        let reduced: Vec<TechniqueKey> = active.iter().copied().filter(|k| *k != without).collect();
        let plan = FramePlan::new(&self.pass_needs(&reduced));
        let mut routes = plan.passes.iter();
        let mut recorder = Recorder::untimed(
            &self.ctx.device,
            &mut *encoder,
            BackBuffers {
                input,
                intermediate: &self.intermediate,
                output: &self.output,
            },
            &self.mip_generator,
        );
        for key in reduced {
            let effect = &mut self.effects[key.effect.index()];
            recorder.technique(key, effect, &mut routes);
        }
        if let Some(copy) = plan.copy_after {
            recorder.copy(copy);
        }
        if let Some(reference) = &self.reference {
            encoder.copy_texture_to_texture(
                self.output.texture.as_image_copy(),
                reference.target.texture.as_image_copy(),
                self.output.texture.size(),
            );
        }
    }

    /// Folds finished timestamps into the averages without waiting, and opens this frame's.
    fn begin_timing(&mut self) {
        let _ = self.ctx.device.poll(wgpu::PollType::Poll);
        if let Some(timer) = &mut self.timer {
            for (scope, ns) in timer.collect() {
                record_sample(&mut self.timings, &mut self.frame_timings, scope, ns);
            }
            timer.begin_frame();
        }
    }

    /// Whether technique `key` runs on the frame a screenshot is taken: its
    /// `enabled_in_screenshot` annotation, true when absent (ReShade skips the others then).
    fn in_screenshots(&self, key: TechniqueKey) -> bool {
        self.technique(key)
            .annotations
            .flag("enabled_in_screenshot")
            .unwrap_or(true)
    }

    /// Evaluates every uniform's runtime source and uploads the uniforms of effects whose values
    /// changed.
    fn update_uniforms(&mut self, frame_input: &FrameInput) {
        for (index, e) in self.effects.iter_mut().enumerate() {
            let effect = EffectIndex::new(index);
            for (source, value) in e.sources.iter().zip(&mut e.uniform_values) {
                if let Some(source) = source {
                    let before = value.clone();
                    self.source_state.evaluate(
                        source,
                        frame_input,
                        effect,
                        self.depth_bound,
                        value,
                    );
                    e.uniforms_dirty |= *value != before;
                }
            }
            if let (true, Some(buffer)) = (e.uniforms_dirty, &e.uniform_buffer) {
                let bytes = match &e.reference_uniforms {
                    Some(layout) => layout.bytes(&e.uniform_values),
                    None => e.effect.uniform_bytes(&e.uniform_values),
                };
                self.ctx.queue.write_buffer(buffer, 0, &bytes);
                e.uniforms_dirty = false;
            }
        }
    }

    /// What routing needs of every pass of `techniques`, in order.
    fn pass_needs(&self, techniques: &[TechniqueKey]) -> Vec<PassNeeds> {
        techniques
            .iter()
            .flat_map(|k| &self.effects[k.effect.index()].passes[k.technique.index()])
            .map(|p| p.needs)
            .collect()
    }
}

/// The three places a back buffer can be, for one frame.
#[derive(Clone, Copy)]
struct BackBuffers<'a> {
    input: &'a InputTexture,
    intermediate: &'a FrameTarget,
    output: &'a FrameTarget,
}

impl<'a> BackBuffers<'a> {
    fn texture(self, which: BackBuffer) -> &'a wgpu::Texture {
        match which {
            BackBuffer::Input => &self.input.texture,
            BackBuffer::Intermediate => &self.intermediate.texture,
            BackBuffer::Output => &self.output.texture,
        }
    }

    /// Its linear and its sRGB view.
    fn views(self, which: BackBuffer) -> (&'a wgpu::TextureView, &'a wgpu::TextureView) {
        match which {
            BackBuffer::Input => (&self.input.view, &self.input.srgb_view),
            BackBuffer::Intermediate => (&self.intermediate.view, &self.intermediate.srgb_view),
            BackBuffer::Output => (&self.output.view, &self.output.srgb_view),
        }
    }
}

/// One pass to record: where it sits, what it is and what it uses.
struct PassJob<'p, 'e> {
    key: TechniqueKey,
    index: usize,
    pass: &'e analysis::Pass,
    gpu: &'p mut PassGpu,
    resources: EffectResources<'e>,
}

impl PassJob<'_, '_> {
    fn scope(&self) -> TimedScope {
        TimedScope::Pass {
            effect: self.key.effect,
            technique: self.key.technique,
            pass: self.index,
        }
    }
}

/// What recording a frame's passes borrows from the chain.
struct Recorder<'a> {
    device: &'a wgpu::Device,
    encoder: &'a mut wgpu::CommandEncoder,
    back_buffers: BackBuffers<'a>,
    timer: Option<&'a mut GpuTimer>,
    mip_generator: &'a MipGenerator,
    /// Techniques whose stencil buffer this frame has cleared: as in ReShade, the stencil buffer
    /// is cleared before the first stencil pass of each technique, so one technique's marks never
    /// leak into the next one's test.
    stencil_cleared: HashSet<TechniqueKey>,
    /// The inspector's request, served at its boundary; `None` records no copy.
    capture: Option<&'a mut CaptureState>,
    /// The effect texture it asks for (the back buffer and depth are found when captured).
    capture_texture: Option<wgpu::Texture>,
    /// Captures for this frame only (`EffectChain::set_probes`), each with its effect texture.
    probes: &'a mut [CaptureState],
    probe_textures: Vec<Option<wgpu::Texture>>,
    /// Where the back buffer is after the passes recorded so far.
    back_buffer_now: BackBuffer,
    /// The shader debugger's recording run, made just before its pass (`chain/debug.rs`).
    debug: Option<&'a mut super::debug::DebugRun>,
    /// The pixel history's copies and replays around every pass (`chain/history.rs`).
    history: Option<&'a mut super::history::HistoryRun>,
}

impl<'a> Recorder<'a> {
    /// A recorder from the input's back buffer on, timing and capturing nothing.
    fn untimed(
        device: &'a wgpu::Device,
        encoder: &'a mut wgpu::CommandEncoder,
        back_buffers: BackBuffers<'a>,
        mip_generator: &'a MipGenerator,
    ) -> Self {
        Self {
            device,
            encoder,
            back_buffers,
            timer: None,
            mip_generator,
            stencil_cleared: HashSet::new(),
            capture: None,
            capture_texture: None,
            probes: &mut [],
            probe_textures: Vec::new(),
            back_buffer_now: BackBuffer::Input,
            debug: None,
            history: None,
        }
    }

    /// Records technique `key`'s passes, each along the next of `routes`; returns the CPU time
    /// spent recording each, in nanoseconds.
    fn technique<'r>(
        &mut self,
        key: TechniqueKey,
        effect: &mut EffectGpu,
        routes: &mut impl Iterator<Item = &'r PassRoute>,
    ) -> Vec<u64> {
        let first_query = self.timer.as_deref().map(GpuTimer::next_query);
        let (resources, passes) = effect.split();
        let technique = resources.effect.technique(key.technique);
        let technique_passes = &mut passes[key.technique.index()];
        let mut cpu_ns = Vec::with_capacity(technique.passes.len());
        for (index, (pass, gpu)) in technique.passes.iter().zip(technique_passes).enumerate() {
            let route = routes
                .next()
                .expect("the plan has a route for every enabled pass");
            let job = PassJob {
                key,
                index,
                pass,
                gpu,
                resources,
            };
            let started = Instant::now();
            self.pass(job, route);
            cpu_ns.push(started.elapsed().as_nanos() as u64);
            self.back_buffer_now = route.destination.unwrap_or(self.back_buffer_now);
            self.capture_at(CapturePoint::AfterPass(PassRef { key, pass: index }));
        }
        if let (Some(timer), Some(first)) = (self.timer.as_deref_mut(), first_query) {
            let last = timer.next_query();
            if last > first && timer.frame_is_timed() {
                let scope = TimedScope::Technique {
                    effect: key.effect,
                    technique: key.technique,
                };
                timer.span_scope(scope, first, last - 1);
            }
        }
        cpu_ns
    }

    /// Records the inspector's copy, and each probe's, when `point` is its boundary.
    fn capture_at(&mut self, point: CapturePoint) {
        let back_buffer = self.back_buffers.texture(self.back_buffer_now);
        let depth = self.back_buffers.input.depth.as_ref().map(|d| &d.texture);
        if let Some(capture) = self.capture.as_deref_mut()
            && capture.wants(point)
        {
            let texture = pick(capture, back_buffer, depth, self.capture_texture.as_ref());
            capture.record(self.device, self.encoder, texture);
        }
        for (probe, owned) in self.probes.iter_mut().zip(&self.probe_textures) {
            if probe.wants(point) {
                let texture = pick(probe, back_buffer, depth, owned.as_ref());
                probe.record(self.device, self.encoder, texture);
            }
        }
    }

    fn copy(&mut self, copy: FrameCopy) {
        self.encoder.copy_texture_to_texture(
            self.back_buffers.texture(copy.from).as_image_copy(),
            self.back_buffers.texture(copy.to).as_image_copy(),
            self.back_buffers.input.texture.size(),
        );
    }

    fn pass(&mut self, job: PassJob<'_, '_>, route: &PassRoute) {
        if let Some(copy) = route.copy_before {
            self.copy(copy);
        }
        // Targets the pass also samples are read from a copy made now.
        for id in job.pass.snapshots() {
            if let TextureGpu::Owned {
                texture,
                snapshot: Some(snapshot),
                ..
            } = &job.resources.textures[id.index()]
            {
                snapshot.copy_from(self.encoder, texture);
            }
        }
        let (color, color_srgb) = self.back_buffers.views(route.source);
        let frame = FrameViews {
            color: Some(color),
            color_srgb: Some(color_srgb),
            depth: self.back_buffers.input.depth.as_ref().map(|d| &d.view),
        };
        job.gpu
            .prepare_bind_group(route.source, |layout, bindings| {
                job.resources
                    .bind_group(self.device, layout, job.pass, bindings, frame)
            });
        let bind_group = job.gpu.bind_group(route.source);
        if let Some(run) = self.debug.as_deref_mut()
            && run.key == job.key
            && run.pass == job.index
        {
            let (vertices, groups) = match job.pass.kind() {
                PassKind::Draw(draw) => (draw.vertex_count, [1; 3]),
                PassKind::Compute(dispatch) => (0, dispatch.groups),
            };
            run.record(self.encoder, bind_group, vertices, groups);
        }
        let written = self.history.is_some().then(|| {
            super::history::written_textures(
                job.key,
                job.pass,
                &job.resources,
                self.back_buffers.texture(route.source),
                route.destination.map(|d| self.back_buffers.texture(d)),
            )
        });
        if let (Some(run), Some(written)) = (self.history.as_deref_mut(), &written) {
            let stencil = job
                .resources
                .stencil_view
                .filter(|_| job.pass.stencil().is_some())
                .map(|view| (view, self.stencil_cleared.contains(&job.key)));
            let pass = PassRef {
                key: job.key,
                pass: job.index,
            };
            run.before_pass(
                self.device,
                self.encoder,
                pass,
                job.pass,
                written,
                bind_group,
                stencil,
            );
        }
        match (&job.gpu.pipeline, job.pass.kind()) {
            (PassPipeline::Compute(pipeline), PassKind::Compute(dispatch)) => {
                self.compute(&job, pipeline, bind_group, dispatch.groups);
            }
            (PassPipeline::Render(pipeline), PassKind::Draw(draw)) => {
                self.render(&job, route, pipeline, bind_group, draw.vertex_count);
            }
            _ => unreachable!("each pass's pipeline is made for its kind"),
        }
        if let (Some(run), Some(written)) = (self.history.as_deref_mut(), &written) {
            run.after_pass(self.encoder, written);
        }
    }

    fn compute(
        &mut self,
        job: &PassJob<'_, '_>,
        pipeline: &wgpu::ComputePipeline,
        bind_group: &wgpu::BindGroup,
        [x, y, z]: [u32; 3],
    ) {
        let timestamp_writes = self
            .timer
            .as_deref_mut()
            .and_then(|t| t.compute_pass_writes(job.scope()));
        let mut cpass = self
            .encoder
            .begin_compute_pass(&wgpu::ComputePassDescriptor {
                label: Some(&job.gpu.label),
                timestamp_writes,
            });
        cpass.set_pipeline(pipeline);
        cpass.set_bind_group(0, bind_group, &[]);
        cpass.dispatch_workgroups(x, y, z);
        drop(cpass);
        if job.pass.generate_mips() {
            // Storage writes to level 0 refresh the levels below it.
            for b in job.pass.bindings() {
                let BindingResource::Storage(sid) = b.resource else {
                    continue;
                };
                let storage = job.resources.effect.storage(sid);
                if let (0, Some(mips)) = (
                    storage.mip_level,
                    job.resources.textures[storage.texture.index()].mips(),
                ) {
                    self.mip_generator.generate(self.encoder, mips);
                }
            }
        }
    }

    fn render(
        &mut self,
        job: &PassJob<'_, '_>,
        route: &PassRoute,
        pipeline: &wgpu::RenderPipeline,
        bind_group: &wgpu::BindGroup,
        vertex_count: u32,
    ) {
        let pass = job.pass;
        let attachments = self.color_attachments(job, route);
        let depth_stencil_attachment = self.stencil_attachment(job);
        let timestamp_writes = self
            .timer
            .as_deref_mut()
            .and_then(|t| t.pass_writes(job.scope()));
        let mut rpass = self.encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
            label: Some(&job.gpu.label),
            color_attachments: &attachments,
            depth_stencil_attachment,
            timestamp_writes,
            occlusion_query_set: None,
            multiview_mask: None,
        });
        if let Some(stencil) = pass.stencil() {
            rpass.set_stencil_reference(u32::from(stencil.reference));
        }
        rpass.set_pipeline(pipeline);
        rpass.set_bind_group(0, bind_group, &[]);
        rpass.draw(0..vertex_count, 0..1);
        drop(rpass);

        if route.destination.is_none() && pass.generate_mips() {
            for id in pass.render_targets() {
                if let Some(mips) = job.resources.textures[id.index()].mips() {
                    self.mip_generator.generate(self.encoder, mips);
                }
            }
        }
    }

    /// The pass's colour targets, loaded as the plan says: the back buffer it draws into
    /// (through its sRGB view for `SRGBWriteEnable`), or its render targets.
    fn color_attachments<'v>(
        &self,
        job: &PassJob<'_, 'v>,
        route: &PassRoute,
    ) -> Vec<Option<wgpu::RenderPassColorAttachment<'v>>>
    where
        'a: 'v,
    {
        let targets: Vec<&wgpu::TextureView> = match route.destination {
            Some(dest) => {
                let (linear, srgb) = self.back_buffers.views(dest);
                vec![if job.pass.srgb_write() { srgb } else { linear }]
            }
            None => job
                .pass
                .render_targets()
                .iter()
                .map(|id| {
                    crate::textures::target_view(job.resources.textures, *id, job.pass.srgb_write())
                })
                .collect(),
        };
        let load = load_op(
            route
                .load
                .expect("the plan gives every render pass a load op"),
        );
        targets
            .into_iter()
            .map(|view| {
                Some(wgpu::RenderPassColorAttachment {
                    view,
                    depth_slice: None,
                    resolve_target: None,
                    ops: wgpu::Operations {
                        load,
                        store: wgpu::StoreOp::Store,
                    },
                })
            })
            .collect()
    }

    /// The effect's stencil buffer for a pass that tests stencil, cleared before the technique's
    /// first such pass.
    fn stencil_attachment<'v>(
        &mut self,
        job: &PassJob<'_, 'v>,
    ) -> Option<wgpu::RenderPassDepthStencilAttachment<'v>> {
        let (Some(_), Some(view)) = (job.pass.stencil(), job.resources.stencil_view) else {
            return None;
        };
        let load = if self.stencil_cleared.insert(job.key) {
            wgpu::LoadOp::Clear(0)
        } else {
            wgpu::LoadOp::Load
        };
        Some(wgpu::RenderPassDepthStencilAttachment {
            view,
            depth_ops: None,
            stencil_ops: Some(wgpu::Operations {
                load,
                store: wgpu::StoreOp::Store,
            }),
        })
    }
}

/// The texture `state` captures: the back buffer where the routing left it, the input's depth,
/// or its effect texture.
fn pick<'t>(
    state: &CaptureState,
    back_buffer: &'t wgpu::Texture,
    depth: Option<&'t wgpu::Texture>,
    owned: Option<&'t wgpu::Texture>,
) -> Option<&'t wgpu::Texture> {
    match state.request.resource {
        ResourceId::BackBuffer => Some(back_buffer),
        ResourceId::Depth => depth,
        ResourceId::Texture { .. } => owned,
    }
}

/// The colour load op the plan asks for.
fn load_op(load: TargetLoad) -> wgpu::LoadOp<wgpu::Color> {
    match load {
        // SAFETY: (wgpu's contract for DontCare) every pixel of every target is written before
        // anything reads or blends it: the plan asks for `DontCare` only where
        // `Pass::overwrites_target` holds, that is for draws proved to cover the viewport, with
        // no blending, write masks, stencil test or discard, whose pixel shader writes every
        // target (the analyzer rejects a target without an output at its slot).
        TargetLoad::DontCare => wgpu::LoadOp::DontCare(unsafe { wgpu::LoadOpDontCare::enabled() }),
        TargetLoad::Load => wgpu::LoadOp::Load,
        TargetLoad::Clear => wgpu::LoadOp::Clear(wgpu::Color::TRANSPARENT),
    }
}
