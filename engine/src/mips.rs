//! Mip-chain generation for render targets with more than one level (ReShade's
//! `GenerateMipMaps`, on by default): each level is the 2x2 box average of the one above.
//!
//! The shader reads texels with `textureLoad`, so it works for every float format, filterable or
//! not. Integer formats have no meaningful average; their mips are left as rendered.

use std::collections::HashMap;

const SHADER: &str = r#"
@group(0) @binding(0) var source: texture_2d<f32>;

@vertex
fn vs(@builtin(vertex_index) id: u32) -> @builtin(position) vec4<f32> {
    let uv = vec2<f32>(f32((id << 1u) & 2u), f32(id & 2u));
    return vec4<f32>(uv.x * 2.0 - 1.0, 1.0 - uv.y * 2.0, 0.0, 1.0);
}

@fragment
fn fs(@builtin(position) position: vec4<f32>) -> @location(0) vec4<f32> {
    let last = vec2<i32>(textureDimensions(source)) - 1;
    let corner = vec2<i32>(position.xy) * 2;
    let a = textureLoad(source, min(corner, last), 0);
    let b = textureLoad(source, min(corner + vec2<i32>(1, 0), last), 0);
    let c = textureLoad(source, min(corner + vec2<i32>(0, 1), last), 0);
    let d = textureLoad(source, min(corner + vec2<i32>(1, 1), last), 0);
    return (a + b + c + d) * 0.25;
}
"#;

/// Shared pipelines, one per target format.
pub struct MipGenerator {
    module: wgpu::ShaderModule,
    layout: wgpu::BindGroupLayout,
    pipeline_layout: wgpu::PipelineLayout,
    pipelines: HashMap<wgpu::TextureFormat, wgpu::RenderPipeline>,
}

/// The per-level views and bind groups of one texture.
pub struct MipChain {
    /// Level `i + 1` is rendered from `bind_groups[i]`, which reads level `i`.
    targets: Vec<wgpu::TextureView>,
    bind_groups: Vec<wgpu::BindGroup>,
    format: wgpu::TextureFormat,
}

impl MipGenerator {
    pub fn new(device: &wgpu::Device) -> Self {
        let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: Some("fxbench mip generation"),
            source: wgpu::ShaderSource::Wgsl(SHADER.into()),
        });
        let layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("fxbench mip generation"),
            entries: &[wgpu::BindGroupLayoutEntry {
                binding: 0,
                visibility: wgpu::ShaderStages::FRAGMENT,
                ty: wgpu::BindingType::Texture {
                    sample_type: wgpu::TextureSampleType::Float { filterable: false },
                    view_dimension: wgpu::TextureViewDimension::D2,
                    multisampled: false,
                },
                count: None,
            }],
        });
        let pipeline_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some("fxbench mip generation"),
            bind_group_layouts: &[Some(&layout)],
            immediate_size: 0,
        });
        Self {
            module,
            layout,
            pipeline_layout,
            pipelines: HashMap::new(),
        }
    }

    /// Prepares the views of `texture`'s levels; `None` for one level or an integer format.
    pub fn chain(&mut self, device: &wgpu::Device, texture: &wgpu::Texture) -> Option<MipChain> {
        let format = texture.format();
        let float = matches!(
            format.sample_type(None, None),
            Some(wgpu::TextureSampleType::Float { .. })
        );
        if texture.mip_level_count() < 2 || !float {
            return None;
        }
        let level = |i: u32| {
            texture.create_view(&wgpu::TextureViewDescriptor {
                label: Some("fxbench mip level"),
                base_mip_level: i,
                mip_level_count: Some(1),
                ..Default::default()
            })
        };
        let levels: Vec<wgpu::TextureView> = (0..texture.mip_level_count()).map(level).collect();
        let bind_groups = levels[..levels.len() - 1]
            .iter()
            .map(|source| {
                device.create_bind_group(&wgpu::BindGroupDescriptor {
                    label: Some("fxbench mip source"),
                    layout: &self.layout,
                    entries: &[wgpu::BindGroupEntry {
                        binding: 0,
                        resource: wgpu::BindingResource::TextureView(source),
                    }],
                })
            })
            .collect();
        if !self.pipelines.contains_key(&format) {
            let pipeline = device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
                label: Some("fxbench mip generation"),
                layout: Some(&self.pipeline_layout),
                vertex: wgpu::VertexState {
                    module: &self.module,
                    entry_point: Some("vs"),
                    compilation_options: Default::default(),
                    buffers: &[],
                },
                primitive: wgpu::PrimitiveState::default(),
                depth_stencil: None,
                multisample: wgpu::MultisampleState::default(),
                fragment: Some(wgpu::FragmentState {
                    module: &self.module,
                    entry_point: Some("fs"),
                    compilation_options: Default::default(),
                    targets: &[Some(format.into())],
                }),
                multiview_mask: None,
                cache: None,
            });
            self.pipelines.insert(format, pipeline);
        }
        Some(MipChain {
            targets: levels.into_iter().skip(1).collect(),
            bind_groups,
            format,
        })
    }

    /// Records the downsampling of every level below the first.
    pub fn generate(&self, encoder: &mut wgpu::CommandEncoder, chain: &MipChain) {
        let Some(pipeline) = self.pipelines.get(&chain.format) else {
            return;
        };
        for (target, source) in chain.targets.iter().zip(&chain.bind_groups) {
            let mut pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
                label: Some("fxbench mip level"),
                color_attachments: &[Some(wgpu::RenderPassColorAttachment {
                    view: target,
                    depth_slice: None,
                    resolve_target: None,
                    ops: wgpu::Operations {
                        load: wgpu::LoadOp::Clear(wgpu::Color::TRANSPARENT),
                        store: wgpu::StoreOp::Store,
                    },
                })],
                depth_stencil_attachment: None,
                timestamp_writes: None,
                occlusion_query_set: None,
                multiview_mask: None,
            });
            pass.set_pipeline(pipeline);
            pass.set_bind_group(0, source, &[]);
            pass.draw(0..3, 0..1);
        }
    }
}
