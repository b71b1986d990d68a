//! ReShade's side of the preview's split (issue #24): a second chain of the same effects run with
//! ReShade's own SPIR-V ([`engine::Shaders::Reference`]) over the same input and frame sources,
//! following the main chain's order, enabled techniques and uniform values every frame, and the
//! amplified absolute difference of the two outputs drawn on the GPU into a texture of its own
//! (the preview's and inspector's "differences" view).

use engine::{ChainOptions, EffectChain, GpuContext};

/// The difference pass: one full-screen triangle reading both outputs' stored values.
const DIFFERENCE_WGSL: &str = r"
@group(0) @binding(0) var ours: texture_2d<f32>;
@group(0) @binding(1) var theirs: texture_2d<f32>;
@group(0) @binding(2) var<uniform> gain: vec4<f32>;

@vertex
fn vs(@builtin(vertex_index) i: u32) -> @builtin(position) vec4<f32> {
    let uv = vec2<f32>(f32((i << 1u) & 2u), f32(i & 2u));
    return vec4<f32>(uv * 2.0 - 1.0, 0.0, 1.0);
}

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
    difference: wgpu::Texture,
    difference_preview: egui::TextureId,
    pipeline: wgpu::RenderPipeline,
    bind_group: wgpu::BindGroup,
    gain: wgpu::Buffer,
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
        let (w, h) = main.size();
        let difference = device.create_texture(&wgpu::TextureDescriptor {
            label: Some("fxbench reference difference"),
            size: wgpu::Extent3d {
                width: w,
                height: h,
                depth_or_array_layers: 1,
            },
            mip_level_count: 1,
            sample_count: 1,
            dimension: wgpu::TextureDimension::D2,
            format: DIFFERENCE_FORMAT,
            usage: wgpu::TextureUsages::RENDER_ATTACHMENT
                | wgpu::TextureUsages::TEXTURE_BINDING
                | wgpu::TextureUsages::COPY_SRC,
            view_formats: &[],
        });
        let gain = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("fxbench reference difference gain"),
            size: 16,
            usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: Some("fxbench reference difference"),
            source: wgpu::ShaderSource::Wgsl(DIFFERENCE_WGSL.into()),
        });
        let pipeline = device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
            label: Some("fxbench reference difference"),
            layout: None,
            vertex: wgpu::VertexState {
                module: &module,
                entry_point: Some("vs"),
                compilation_options: wgpu::PipelineCompilationOptions::default(),
                buffers: &[],
            },
            fragment: Some(wgpu::FragmentState {
                module: &module,
                entry_point: Some("fs"),
                compilation_options: wgpu::PipelineCompilationOptions::default(),
                targets: &[Some(DIFFERENCE_FORMAT.into())],
            }),
            primitive: wgpu::PrimitiveState::default(),
            depth_stencil: None,
            multisample: wgpu::MultisampleState::default(),
            multiview_mask: None,
            cache: None,
        });
        let view = |t: &wgpu::Texture| t.create_view(&wgpu::TextureViewDescriptor::default());
        let bind_group = device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("fxbench reference difference"),
            layout: &pipeline.get_bind_group_layout(0),
            entries: &[
                wgpu::BindGroupEntry {
                    binding: 0,
                    resource: wgpu::BindingResource::TextureView(&view(main.output())),
                },
                wgpu::BindGroupEntry {
                    binding: 1,
                    resource: wgpu::BindingResource::TextureView(&view(chain.output())),
                },
                wgpu::BindGroupEntry {
                    binding: 2,
                    resource: gain.as_entire_binding(),
                },
            ],
        });
        let preview =
            renderer.register_native_texture(device, chain.output_view(), wgpu::FilterMode::Linear);
        let difference_preview =
            renderer.register_native_texture(device, &view(&difference), wgpu::FilterMode::Nearest);
        Ok(Self {
            chain,
            preview,
            difference,
            difference_preview,
            pipeline,
            bind_group,
            gain,
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

    /// The difference image itself (tests read it back).
    pub fn difference(&self) -> &wgpu::Texture {
        &self.difference
    }

    /// Records this side's frame after the main chain's, with the same input and sources, and
    /// the difference of the outputs amplified by `gain`.
    pub fn record(
        &mut self,
        ctx: &GpuContext,
        main: &EffectChain,
        encoder: &mut wgpu::CommandEncoder,
        input: &engine::input::InputTexture,
        frame: &engine::FrameInput,
        gain: f32,
    ) -> Result<(), engine::ChainError> {
        follow(&mut self.chain, main);
        self.chain.frame(encoder, input, frame)?;
        let words = [gain, 0.0, 0.0, 0.0].map(f32::to_le_bytes).concat();
        ctx.queue.write_buffer(&self.gain, 0, &words);
        let view = self
            .difference
            .create_view(&wgpu::TextureViewDescriptor::default());
        let mut pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
            label: Some("fxbench reference difference"),
            color_attachments: &[Some(wgpu::RenderPassColorAttachment {
                view: &view,
                depth_slice: None,
                resolve_target: None,
                ops: wgpu::Operations {
                    load: wgpu::LoadOp::Clear(wgpu::Color::BLACK),
                    store: wgpu::StoreOp::Store,
                },
            })],
            depth_stencil_attachment: None,
            timestamp_writes: None,
            occlusion_query_set: None,
            multiview_mask: None,
        });
        pass.set_pipeline(&self.pipeline);
        pass.set_bind_group(0, &self.bind_group, &[]);
        pass.draw(0..3, 0..1);
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
