//! ReShade's side of the preview's split (issue #24): a second chain of the same effects run with
//! ReShade's own SPIR-V ([`engine::Shaders::Reference`]) over the same input and frame sources,
//! following the main chain's order, enabled techniques and uniform values every frame, and the
//! amplified absolute difference of the two outputs drawn on the GPU into a texture of its own
//! (the preview's and inspector's "differences" view).

use engine::{ChainOptions, EffectChain, GpuContext};

/// The difference pass's fragment shader ([`engine::fullscreen::FullscreenPass`]), reading both
/// outputs' stored values.
const DIFFERENCE_WGSL: &str = r"
@group(0) @binding(0) var ours: texture_2d<f32>;
@group(0) @binding(1) var theirs: texture_2d<f32>;
@group(0) @binding(2) var<uniform> gain: vec4<f32>;

@fragment
fn fs(@builtin(position) position: vec4<f32>) -> @location(0) vec4<f32> {
    let texel = vec2<i32>(position.xy);
    let d = abs(textureLoad(ours, texel, 0) - textureLoad(theirs, texel, 0)) * gain.x;
    return vec4<f32>(min(d.rgb, vec3<f32>(1.0)), 1.0);
}
";

/// The difference image's format: stored values as they are (black where both agree).
pub const DIFFERENCE_FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::Rgba8Unorm;

/// The reference chain, its output and the difference image, each registered with egui.
pub struct ReferenceSide {
    chain: EffectChain,
    /// The reference chain's output, for the split's left side.
    preview: egui::TextureId,
    difference: engine::fullscreen::FullscreenPass,
    difference_preview: egui::TextureId,
    bind_group: wgpu::BindGroup,
    /// The display transform of the reference's output on a wide back buffer, which the
    /// preview shows as it shows ours (the difference image stays on stored values).
    display: Option<engine::display::DisplayPass>,
}

impl ReferenceSide {
    /// The main chain's effects again, run by `shaders` (ReShade's module). A module that does
    /// not fit the effects is the chain's located error ([`engine::ChainError::Reference`]).
    pub fn new(
        ctx: &GpuContext,
        renderer: &mut egui_wgpu::Renderer,
        main: &EffectChain,
        shaders: engine::Shaders,
    ) -> Result<Self, engine::ChainError> {
        let effects = main
            .effect_indices()
            .map(|e| main.effect(e).clone())
            .collect();
        let options = ChainOptions {
            shaders,
            ..main.options().clone()
        };
        let mut chain = EffectChain::new(ctx, effects, main.size(), &options)?;
        follow(&mut chain, main);
        let device = &ctx.device;
        let difference = engine::fullscreen::FullscreenPass::new(
            device,
            "fxbench reference difference",
            DIFFERENCE_WGSL,
            main.size(),
            DIFFERENCE_FORMAT,
        );
        let view = |t: &wgpu::Texture| t.create_view(&wgpu::TextureViewDescriptor::default());
        let bind_group =
            difference.bind_group(device, &[&view(main.output()), &view(chain.output())]);
        let display = (main.back_buffer().color_space() != engine::ColorSpace::Srgb)
            .then(|| engine::display::DisplayPass::new(device, main.size()));
        let shown = display.as_ref().map_or(chain.output_view(), |d| d.view());
        let preview = renderer.register_native_texture(device, shown, wgpu::FilterMode::Linear);
        let difference_preview =
            renderer.register_native_texture(device, difference.view(), wgpu::FilterMode::Nearest);
        Ok(Self {
            chain,
            preview,
            difference,
            difference_preview,
            bind_group,
            display,
        })
    }

    pub fn chain(&self) -> &EffectChain {
        &self.chain
    }

    pub fn chain_mut(&mut self) -> &mut EffectChain {
        &mut self.chain
    }

    /// The reference chain's output as an egui texture.
    pub fn preview_texture(&self) -> egui::TextureId {
        self.preview
    }

    /// The amplified difference of the two outputs as an egui texture.
    pub fn difference_texture(&self) -> egui::TextureId {
        self.difference_preview
    }

    /// What the preview shows of ReShade's output on a wide back buffer: its display
    /// transform's texture (tests read it back); `None` on an sRGB one (shown as stored).
    pub fn display_texture(&self) -> Option<&wgpu::Texture> {
        self.display.as_ref().map(|d| d.texture())
    }

    /// The difference image itself (tests read it back).
    pub fn difference(&self) -> &wgpu::Texture {
        self.difference.texture()
    }

    /// Records this side's frame after the main chain's, with the same input and sources, its
    /// output through the preview's display `transform` on a wide back buffer, and the
    /// difference of the outputs amplified by `gain`.
    pub fn record(
        &mut self,
        ctx: &GpuContext,
        main: &EffectChain,
        encoder: &mut wgpu::CommandEncoder,
        input: &engine::input::InputTexture,
        frame: &engine::FrameInput,
        (gain, transform): (f32, Option<engine::display::DisplayTransform>),
    ) -> Result<(), engine::ChainError> {
        follow(&mut self.chain, main);
        self.chain.frame(encoder, input, frame)?;
        if let (Some(display), Some(transform)) = (&self.display, transform) {
            let space = self.chain.back_buffer().color_space();
            let output = self.chain.output_view();
            display.record(&ctx.device, &ctx.queue, encoder, output, space, transform);
        }
        let mut words = [0u8; 16];
        words[..4].copy_from_slice(&gain.to_le_bytes());
        self.difference
            .record(&ctx.queue, encoder, &self.bind_group, &words);
        Ok(())
    }

    /// Frees the egui textures (the side is dropped with them).
    pub fn free(&self, renderer: &mut egui_wgpu::Renderer) {
        renderer.free_texture(&self.preview);
        renderer.free_texture(&self.difference_preview);
    }
}

/// Makes `side` run what `main` runs: the same order, enabled techniques, bypass and values.
fn follow(side: &mut EffectChain, main: &EffectChain) {
    if side.order() != main.order() {
        side.set_order(main.order());
    }
    for key in main.order() {
        if side.is_enabled(*key) != main.is_enabled(*key) {
            side.set_enabled(*key, main.is_enabled(*key));
        }
    }
    side.set_bypass(main.is_bypassed());
    for effect in main.effect_indices() {
        let values = main.uniform_values(effect);
        if side.uniform_values(effect) == values {
            continue;
        }
        let model = main.effect(effect);
        for (i, uniform) in model.uniforms().iter().enumerate() {
            let Some(id) = model.find_uniform(&uniform.name) else {
                continue;
            };
            if main.uniform_source(effect, id).is_none()
                && side.uniform_values(effect)[i] != values[i]
            {
                side.set_uniform(effect, id, values[i].clone());
            }
        }
    }
}
