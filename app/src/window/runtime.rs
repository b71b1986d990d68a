//! GPU state of the window: the chain, the input texture and the preview's egui texture.

use analysis::ValidatedEffect;
use engine::{ChainOptions, EffectChain, GpuContext};

use crate::session::document::Document;
use crate::session::input::{LiveInput, Source};
use crate::session::screenshot::{Shot, ShotImage};
use crate::window::reference_side::ReferenceSide;

/// What the window's device offers shaders: the features it was created with, as wgpu maps
/// them to naga capabilities with the adapter's downlevel flags.
pub fn device_target(render_state: &egui_wgpu::RenderState) -> analysis::Target {
    analysis::Target::device(
        &render_state.adapter.get_info().name,
        engine::context::shader_capabilities(
            render_state.device.features(),
            render_state.adapter.get_downlevel_capabilities().flags,
        ),
    )
    // Limits an effect exceeds are diagnostics on their lines, as `check --target device`.
    .with_limits(engine::limits::device_limits(&render_state.device.limits()))
}

/// Device request for the window: the features fxbench uses, where the adapter offers them.
pub fn device_descriptor(adapter: &wgpu::Adapter) -> wgpu::DeviceDescriptor<'static> {
    wgpu::DeviceDescriptor {
        label: Some("fxbench window device"),
        required_features: adapter.features() & engine::context::optional_features(),
        required_limits: adapter.limits(),
        experimental_features: wgpu::ExperimentalFeatures::disabled(),
        memory_hints: wgpu::MemoryHints::default(),
        trace: wgpu::Trace::Off,
    }
}

pub struct Runtime {
    ctx: GpuContext,
    chain: EffectChain,
    input: LiveInput,
    preview: egui::TextureId,
    /// The input as an egui texture, for the preview's before/after split.
    input_preview: egui::TextureId,
    /// The chain's result without one technique as an egui texture, while the split compares
    /// against it.
    reference_preview: Option<egui::TextureId>,
    /// The technique the preview's split leaves out, as the preview last asked; taken by the
    /// next frame, so a hidden preview stops the extra run.
    wanted_reference: Option<engine::TechniqueKey>,
    /// egui's renderer, to point the preview at a rebuilt chain's output.
    renderer: std::sync::Arc<egui::mutex::RwLock<egui_wgpu::Renderer>>,
    clock: engine::sources::FrameClock,
    /// Where the preview was drawn last frame, for mapping the cursor to back-buffer pixels.
    preview_rect: Option<egui::Rect>,
    previous_mouse: Option<[f32; 2]>,
    /// The uniforms being edited and hovered in the uniforms panel, as it last drew them; taken
    /// by the next frame (a hidden panel points at nothing).
    overlay: [Option<engine::sources::UniformRef>; 2],
    /// A screenshot asked for and not yet taken: whether to keep the before image too.
    screenshot: Option<bool>,
    /// The screenshot the last frame took, read back, until [`Self::take_shot`].
    shot: Option<Result<Shot, ShotError>>,
    /// ReShade's own SPIR-V for the open effect, when one was found.
    reference_module: Option<engine::Shaders>,
    /// The chain run with that module beside this one, for the preview's split.
    side: Side,
    /// What the preview asked for last frame: the reference side, and the difference's gain;
    /// taken by the next frame, so a hidden preview stops the extra chain.
    wanted_side: Option<f32>,
    /// The preview's display transform, on a back buffer an SDR screen does not show as stored.
    display: Option<PreviewDisplay>,
    /// The transform the preview chose last (kept while it is hidden).
    display_transform: Option<engine::display::DisplayTransform>,
}

/// The display transform of the output, the input and the output without the split's
/// left-out technique, for the preview only: the chain, the inspector and screenshots read the
/// stored values.
struct PreviewDisplay {
    output: engine::display::DisplayPass,
    input: engine::display::DisplayPass,
    without: engine::display::DisplayPass,
}

impl PreviewDisplay {
    /// The passes for `chain`'s back buffer, or none on an sRGB one (shown as stored).
    fn for_chain(device: &wgpu::Device, chain: &EffectChain) -> Option<Self> {
        (chain.back_buffer().color_space() != analysis::ColorSpace::Srgb).then(|| Self {
            output: engine::display::DisplayPass::new(device, chain.size()),
            input: engine::display::DisplayPass::new(device, chain.size()),
            without: engine::display::DisplayPass::new(device, chain.size()),
        })
    }
}

/// The reference side's state.
enum Side {
    Off,
    On(Box<ReferenceSide>),
    /// ReShade's module does not fit the effects: why, until the chain is rebuilt.
    Failed(String),
}

/// The screenshot frame ran but could not be read back.
#[derive(Debug, thiserror::Error)]
#[error("cannot read the frame back: {0}")]
pub struct ShotError(#[source] wgpu::BufferAsyncError);

impl Drop for Runtime {
    /// The preview's texture registration holds the chain's output view: free it with the chain.
    fn drop(&mut self) {
        let mut renderer = self.renderer.write();
        renderer.free_texture(&self.preview);
        renderer.free_texture(&self.input_preview);
        if let Some(reference) = self.reference_preview.take() {
            renderer.free_texture(&reference);
        }
        if let Side::On(side) = &self.side {
            side.free(&mut renderer);
        }
    }
}

impl Runtime {
    pub fn new(
        render_state: &egui_wgpu::RenderState,
        document: &Document,
        effects: Vec<ValidatedEffect>,
        source: Source,
    ) -> Result<Self, engine::ChainError> {
        let ctx = GpuContext::new(
            render_state.device.clone(),
            render_state.queue.clone(),
            &render_state.adapter,
        );
        let chain = EffectChain::new(&ctx, effects, source.size(), &Self::options_for(document))?;
        Ok(Self::with_chain(render_state, document, chain, source))
    }

    /// The options of the chain [`Self::new`] builds for `document`.
    pub fn options_for(document: &Document) -> ChainOptions {
        ChainOptions {
            back_buffer: document.back_buffer,
            ..ChainOptions::default()
        }
    }

    /// [`Self::new`] with `chain` built already (on a worker, with [`Self::options_for`] and
    /// `source`'s size, on the device of `render_state` through the context it carries).
    pub fn with_chain(
        render_state: &egui_wgpu::RenderState,
        document: &Document,
        mut chain: EffectChain,
        source: Source,
    ) -> Self {
        let ctx = chain.gpu().clone();
        document.apply_preset(&mut chain);
        let input = LiveInput::on(&ctx, source, document.back_buffer);
        let display = PreviewDisplay::for_chain(&ctx.device, &chain);
        let preview = render_state.renderer.write().register_native_texture(
            &ctx.device,
            display
                .as_ref()
                .map_or(chain.output_view(), |d| d.output.view()),
            wgpu::FilterMode::Linear,
        );
        let input_preview = render_state.renderer.write().register_native_texture(
            &ctx.device,
            display
                .as_ref()
                .map_or(&input.texture().view, |d| d.input.view()),
            wgpu::FilterMode::Linear,
        );
        Self {
            ctx,
            chain,
            input,
            preview,
            input_preview,
            reference_preview: None,
            wanted_reference: None,
            renderer: render_state.renderer.clone(),
            clock: engine::sources::FrameClock::new(),
            preview_rect: None,
            previous_mouse: None,
            overlay: [None; 2],
            screenshot: None,
            shot: None,
            reference_module: None,
            side: Side::Off,
            wanted_side: None,
            display,
            display_transform: None,
        }
    }

    /// The display transform the preview shows a wide back buffer through from the next frame
    /// (the colour space's default until one is chosen).
    pub fn set_display_transform(&mut self, transform: engine::display::DisplayTransform) {
        self.display_transform = Some(transform);
    }

    /// The display transform the preview shows the back buffer through, or none on an sRGB
    /// back buffer (shown as stored).
    pub fn display_transform(&self) -> Option<engine::display::DisplayTransform> {
        self.display.as_ref()?;
        let space = self.chain.back_buffer().color_space();
        Some(
            self.display_transform
                .unwrap_or_else(|| engine::display::DisplayTransform::for_color_space(space)),
        )
    }

    /// What the preview shows of the output on a wide back buffer: the display transform's
    /// texture (tests read it back).
    pub fn display_texture(&self) -> Option<&wgpu::Texture> {
        self.display.as_ref().map(|d| d.output.texture())
    }

    pub fn chain(&self) -> &EffectChain {
        &self.chain
    }

    pub fn chain_mut(&mut self) -> &mut EffectChain {
        &mut self.chain
    }

    /// Rebuilds the chain from recompiled effects (same size), keeping the user's settings, and
    /// points the preview at the new output.
    pub fn reload(&mut self, effects: Vec<ValidatedEffect>) -> Result<(), engine::ChainError> {
        let options = self.chain.options().clone();
        self.reload_with(effects, &options)
    }

    /// Runs the chain over another input with `options`, keeping the user's settings: `effects`
    /// are the open effects compiled for the new input's size and `options.back_buffer`, which
    /// the input is uploaded onto.
    pub fn set_input(
        &mut self,
        source: Source,
        effects: Vec<ValidatedEffect>,
        options: &ChainOptions,
    ) -> Result<(), engine::ChainError> {
        let next = EffectChain::new(&self.ctx, effects, source.size(), options)?;
        self.adopt(next, Some(source))
    }

    /// [`Self::reload`] with new chain options (another shader choice).
    pub fn reload_with(
        &mut self,
        effects: Vec<ValidatedEffect>,
        options: &ChainOptions,
    ) -> Result<(), engine::ChainError> {
        let next = EffectChain::new(&self.ctx, effects, self.chain.size(), options)?;
        self.adopt(next, None)
    }

    /// Runs `next`, a chain built apart on this runtime's device ([`Self::gpu`]; a worker
    /// thread builds it, see `session::background`), in place of the chain, keeping the user's
    /// settings ([`EffectChain::adopt`]); with `source`, over that input, uploaded onto `next`'s
    /// back buffer. On an error nothing changes.
    pub fn adopt(
        &mut self,
        next: EffectChain,
        source: Option<Source>,
    ) -> Result<(), engine::ChainError> {
        let size = source.as_ref().map_or(self.chain.size(), Source::size);
        if next.size() != size {
            return Err(engine::ChainError::InputSize {
                expected: next.size(),
                actual: size,
            });
        }
        let back_buffer = next.back_buffer();
        self.chain.adopt(next)?;
        self.drop_side();
        let Some(source) = source else {
            self.point_preview_at_output();
            return Ok(());
        };
        self.input = LiveInput::on(&self.ctx, source, back_buffer);
        self.point_preview_at_output();
        let input_view = self
            .display
            .as_ref()
            .map_or(&self.input.texture().view, |d| d.input.view());
        self.renderer.write().update_egui_texture_from_wgpu_texture(
            &self.ctx.device,
            input_view,
            wgpu::FilterMode::Linear,
            self.input_preview,
        );
        Ok(())
    }

    /// ReShade's own SPIR-V for the open effect (see [`crate::session::reference`]), or none:
    /// what [`Self::reference_shaders`] gives the shader box and the split's reference side.
    pub fn set_reference_module(&mut self, shaders: Option<engine::Shaders>) {
        self.reference_module = shaders;
        self.drop_side();
    }

    /// The reference module as chain shaders, when one was found.
    pub fn reference_shaders(&self) -> Option<engine::Shaders> {
        self.reference_module.clone()
    }

    /// From the next frame, also runs the chain with ReShade's shaders and draws the difference
    /// amplified by `gain`; asked again every frame the preview shows that side.
    pub fn want_reference_side(&mut self, gain: f32) {
        self.wanted_side = Some(gain);
    }

    /// The reference side, while it runs.
    pub fn reference_side(&self) -> Option<&ReferenceSide> {
        match &self.side {
            Side::On(side) => Some(side),
            _ => None,
        }
    }

    /// Why the reference side cannot run (ReShade's module does not fit the effects).
    pub fn reference_side_error(&self) -> Option<&str> {
        match &self.side {
            Side::Failed(why) => Some(why),
            _ => None,
        }
    }

    /// The capture the inspector or the preview's readout needs, made on both sides.
    pub fn set_capture(&mut self, capture: Option<engine::inspect::CaptureRequest>) {
        self.chain.set_capture(capture);
        if let Side::On(side) = &mut self.side {
            side.chain_mut().set_capture(capture);
        }
    }

    fn drop_side(&mut self) {
        if let Side::On(side) = std::mem::replace(&mut self.side, Side::Off) {
            side.free(&mut self.renderer.write());
        }
    }

    /// Builds or drops the reference side as the preview asked last frame; its gain.
    fn apply_side(&mut self) -> Option<f32> {
        let wanted = self.wanted_side.take();
        match (&self.side, wanted, &self.reference_module) {
            (Side::On(_), None, _) => self.drop_side(),
            (Side::Off, Some(_), Some(module)) => {
                let built = ReferenceSide::new(
                    &self.ctx,
                    &mut self.renderer.write(),
                    &self.chain,
                    module.clone(),
                );
                self.side = match built {
                    Ok(side) => Side::On(Box::new(side)),
                    Err(e) => Side::Failed(e.to_string()),
                };
            }
            _ => {}
        }
        wanted
    }

    /// A rebuilt chain has a new output texture (and maybe another size or back buffer): the
    /// preview shows that one from now on, through a display transform for it, and the
    /// reference's.
    fn point_preview_at_output(&mut self) {
        self.display = PreviewDisplay::for_chain(&self.ctx.device, &self.chain);
        let view = self
            .display
            .as_ref()
            .map_or(self.chain.output_view(), |d| d.output.view());
        self.renderer.write().update_egui_texture_from_wgpu_texture(
            &self.ctx.device,
            view,
            wgpu::FilterMode::Linear,
            self.preview,
        );
        self.point_reference_preview();
    }

    /// From the next frame, also renders each frame without technique `without`, for the
    /// preview's output-against-output split; asked again every frame the preview is drawn.
    pub fn set_reference(&mut self, without: Option<engine::TechniqueKey>) {
        self.wanted_reference = without;
    }

    /// Applies what the preview asked for last frame (nothing, when it was not drawn).
    fn apply_reference(&mut self) {
        let wanted = self.wanted_reference.take();
        if wanted != self.chain.reference() {
            self.chain.set_reference(wanted);
            self.point_reference_preview();
        }
    }

    /// The chain's result without the reference technique, as an egui texture, while one is set.
    pub fn reference_texture(&self) -> Option<egui::TextureId> {
        self.reference_preview
    }

    /// Registers, repoints or frees the reference's egui texture to match the chain.
    fn point_reference_preview(&mut self) {
        let mut renderer = self.renderer.write();
        let shown = match &self.display {
            Some(display) => self.chain.reference_view().map(|_| display.without.view()),
            None => self.chain.reference_view(),
        };
        match (shown, self.reference_preview) {
            (Some(view), Some(id)) => renderer.update_egui_texture_from_wgpu_texture(
                &self.ctx.device,
                view,
                wgpu::FilterMode::Linear,
                id,
            ),
            (Some(view), None) => {
                self.reference_preview = Some(renderer.register_native_texture(
                    &self.ctx.device,
                    view,
                    wgpu::FilterMode::Linear,
                ));
            }
            (None, Some(id)) => {
                renderer.free_texture(&id);
                self.reference_preview = None;
            }
            (None, None) => {}
        }
    }

    pub fn preview_texture(&self) -> egui::TextureId {
        self.preview
    }

    /// The input as an egui texture (the "before" of the preview's split).
    pub fn input_texture(&self) -> egui::TextureId {
        self.input_preview
    }

    pub fn gpu(&self) -> &GpuContext {
        &self.ctx
    }

    /// Where the preview is on screen, for mouse sources; `None` while it is not shown.
    pub fn set_preview_rect(&mut self, rect: Option<egui::Rect>) {
        self.preview_rect = rect;
    }

    /// The uniform being edited and the one under the cursor in the uniforms panel, for the
    /// `overlay_active`/`overlay_hovered` sources of the next frame.
    pub fn set_overlay(
        &mut self,
        active: Option<engine::sources::UniformRef>,
        hovered: Option<engine::sources::UniformRef>,
    ) {
        self.overlay = [active, hovered];
    }

    /// Makes the next frame a screenshot frame (`screenshot` uniforms true, techniques with
    /// `enabled_in_screenshot = false` left out); `before` keeps the input too.
    pub fn request_screenshot(&mut self, before: bool) {
        self.screenshot = Some(before);
    }

    /// The images of the screenshot frame that ran last, once.
    pub fn take_shot(&mut self) -> Option<Result<Shot, ShotError>> {
        self.shot.take()
    }

    /// Where the preview was drawn in the last frame that showed it.
    pub fn preview_rect(&self) -> Option<egui::Rect> {
        self.preview_rect
    }

    /// Sets the shader debugger's recording run of `request` up for the next frame (see
    /// [`EffectChain::begin_trace`]); [`Self::poll_trace`] gives its trace. Nothing waits.
    pub fn begin_trace(
        &mut self,
        request: &engine::chain::TraceRequest<'_>,
    ) -> Result<(), engine::ChainError> {
        self.chain.begin_trace(request)
    }

    /// The trace of the run [`Self::begin_trace`] set up, once a frame recorded it and the GPU
    /// is done; `None` until then.
    pub fn poll_trace(
        &mut self,
        table: &analysis::debug::TraceTable,
    ) -> Option<Result<analysis::debug::Trace, engine::ChainError>> {
        self.chain.poll_trace(table)
    }

    /// Runs the chain once; the preview texture then holds the new frame. Fails when the chain
    /// cannot run (the GPU device was lost); the preview keeps the last frame.
    pub fn render_frame(&mut self, egui_ctx: &egui::Context) -> Result<(), engine::ChainError> {
        let mut frame_input = self.clock.tick();
        super::input_map::fill(
            &mut frame_input,
            egui_ctx,
            self.preview_rect,
            self.chain.size(),
            &mut self.previous_mouse,
        );
        [frame_input.overlay_active, frame_input.overlay_hovered] =
            std::mem::take(&mut self.overlay);
        self.apply_reference();
        let gain = self.apply_side();
        let screenshot = self.screenshot.take();
        frame_input.screenshot = screenshot.is_some();
        let mut encoder = self
            .ctx
            .device
            .create_command_encoder(&wgpu::CommandEncoderDescriptor {
                label: Some("fxbench preview frame"),
            });
        self.input
            .record(&self.ctx.queue, &mut encoder, frame_input.elapsed_ns);
        // The chain was built for the input's size, so frame() fails only on a lost device.
        self.chain
            .frame(&mut encoder, self.input.texture(), &frame_input)?;
        if let (Some(display), Some(transform)) = (&self.display, self.display_transform()) {
            let space = self.chain.back_buffer().color_space();
            let (device, queue) = (&self.ctx.device, &self.ctx.queue);
            let output = self.chain.output_view();
            display
                .output
                .record(device, queue, &mut encoder, output, space, transform);
            let input = &self.input.texture().view;
            display
                .input
                .record(device, queue, &mut encoder, input, space, transform);
            if let Some(without) = self.chain.reference_view() {
                display
                    .without
                    .record(device, queue, &mut encoder, without, space, transform);
            }
        }
        let transform = self.display_transform();
        let side_failed = match (&mut self.side, gain) {
            (Side::On(side), Some(gain)) => side
                .record(
                    &self.ctx,
                    &self.chain,
                    &mut encoder,
                    self.input.texture(),
                    &frame_input,
                    (gain, transform),
                )
                .err(),
            _ => None,
        };
        self.ctx.queue.submit([encoder.finish()]);
        self.chain.after_submit();
        if let Side::On(side) = &mut self.side {
            side.chain_mut().after_submit();
        }
        if let Some(e) = side_failed {
            self.drop_side();
            self.side = Side::Failed(e.to_string());
        }
        if let Some(before) = screenshot {
            self.shot = Some(self.read_shot(before));
        }
        Ok(())
    }

    /// Reads the frame just submitted back: the output and, with `before`, the input; on a
    /// wide back buffer the stored values.
    fn read_shot(&self, before: bool) -> Result<Shot, ShotError> {
        let (device, queue) = (&self.ctx.device, &self.ctx.queue);
        let read = |texture: &wgpu::Texture| {
            let wide = texture.format() != wgpu::TextureFormat::Rgba8Unorm;
            match wide.then(|| engine::input::read_texture_stored(device, queue, texture)) {
                Some(Some(stored)) => stored.map(ShotImage::Stored).map_err(ShotError),
                _ => engine::input::read_texture(device, queue, texture)
                    .map(ShotImage::Rgba8)
                    .map_err(ShotError),
            }
        };
        Ok(Shot {
            after: read(self.chain.output())?,
            before: if before {
                Some(read(&self.input.texture().texture)?)
            } else {
                None
            },
        })
    }
}
