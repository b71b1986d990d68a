//! One full-screen triangle into a texture of its own, reading textures by texel and 16 bytes
//! of uniforms: the preview's display transform (`display.rs`) and the window's differences
//! image against ReShade's side are both this pass with their own fragment shader.

/// The vertex shader every such pass shares (`vs`): one triangle covering the target.
const FULLSCREEN_VS: &str = r"
@vertex
fn vs(@builtin(vertex_index) i: u32) -> @builtin(position) vec4<f32> {
    let uv = vec2<f32>(f32((i << 1u) & 2u), f32(i & 2u));
    return vec4<f32>(uv * 2.0 - 1.0, 0.0, 1.0);
}
";

/// The pass, its uniform buffer and its target.
pub struct FullscreenPass {
    label: &'static str,
    pipeline: wgpu::RenderPipeline,
    uniforms: wgpu::Buffer,
    target: wgpu::Texture,
    view: wgpu::TextureView,
}

impl FullscreenPass {
    /// A pass running `fragment` (WGSL with an `fs` entry point; its textures at bindings 0 to
    /// n - 1 and its 16-byte uniform at binding n of group 0) into a `format` target of `size`.
    pub fn new(
        device: &wgpu::Device,
        label: &'static str,
        fragment: &str,
        size: (u32, u32),
        format: wgpu::TextureFormat,
    ) -> Self {
        let target = device.create_texture(&wgpu::TextureDescriptor {
            label: Some(label),
            size: wgpu::Extent3d {
                width: size.0.max(1),
                height: size.1.max(1),
                depth_or_array_layers: 1,
            },
            mip_level_count: 1,
            sample_count: 1,
            dimension: wgpu::TextureDimension::D2,
            format,
            usage: wgpu::TextureUsages::RENDER_ATTACHMENT
                | wgpu::TextureUsages::TEXTURE_BINDING
                | wgpu::TextureUsages::COPY_SRC,
            view_formats: &[],
        });
        let view = target.create_view(&wgpu::TextureViewDescriptor::default());
        let uniforms = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some(label),
            size: 16,
            usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: Some(label),
            source: wgpu::ShaderSource::Wgsl(format!("{FULLSCREEN_VS}{fragment}").into()),
        });
        let pipeline = device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
            label: Some(label),
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
                targets: &[Some(format.into())],
            }),
            primitive: wgpu::PrimitiveState::default(),
            depth_stencil: None,
            multisample: wgpu::MultisampleState::default(),
            multiview_mask: None,
            cache: None,
        });
        Self {
            label,
            pipeline,
            uniforms,
            target,
            view,
        }
    }

    /// The target (tests read it back).
    pub fn texture(&self) -> &wgpu::Texture {
        &self.target
    }

    pub fn view(&self) -> &wgpu::TextureView {
        &self.view
    }

    /// The bind group reading `textures` (bindings 0 to n - 1) and the uniforms (binding n).
    pub fn bind_group(
        &self,
        device: &wgpu::Device,
        textures: &[&wgpu::TextureView],
    ) -> wgpu::BindGroup {
        let mut entries: Vec<wgpu::BindGroupEntry<'_>> = textures
            .iter()
            .enumerate()
            .map(|(i, view)| wgpu::BindGroupEntry {
                binding: i as u32,
                resource: wgpu::BindingResource::TextureView(view),
            })
            .collect();
        entries.push(wgpu::BindGroupEntry {
            binding: textures.len() as u32,
            resource: self.uniforms.as_entire_binding(),
        });
        device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some(self.label),
            layout: &self.pipeline.get_bind_group_layout(0),
            entries: &entries,
        })
    }

    /// Records the pass with `bind_group` (from [`Self::bind_group`]) and `uniforms`.
    pub fn record(
        &self,
        queue: &wgpu::Queue,
        encoder: &mut wgpu::CommandEncoder,
        bind_group: &wgpu::BindGroup,
        uniforms: &[u8; 16],
    ) {
        queue.write_buffer(&self.uniforms, 0, uniforms);
        let mut pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
            label: Some(self.label),
            color_attachments: &[Some(wgpu::RenderPassColorAttachment {
                view: &self.view,
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
        pass.set_bind_group(0, bind_group, &[]);
        pass.draw(0..3, 0..1);
    }
}
