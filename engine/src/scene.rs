//! The built-in animated 3D demo scene: a ray-marched set of shapes over a checkered floor,
//! rendered into a colour input and its linear depth, so depth-aware effects have something to
//! work on without a game. On an HDR colour space the scene is lit in linear light with a sky
//! and sunlit surfaces brighter than SDR white, encoded as `color.rs` presents images.

use crate::color::{self, BackBuffer, ColorSpace};
use crate::input::{DEPTH_FORMAT, DepthTexture, InputTexture};

/// Distance of the far plane, in scene units: depth 1.0.
pub const FAR: f32 = 40.0;

const SHADER: &str = r#"
// `encoding`: 0 sRGB code values, 1 scRGB, 2 HDR10 PQ, 3 HLG.
struct Params { time: f32, far: f32, aspect: f32, encoding: f32 }
@group(0) @binding(0) var<uniform> params: Params;

struct VsOut { @builtin(position) position: vec4<f32>, @location(0) uv: vec2<f32> }

@vertex
fn vs(@builtin(vertex_index) id: u32) -> VsOut {
    let uv = vec2<f32>(f32((id << 1u) & 2u), f32(id & 2u));
    return VsOut(vec4<f32>(uv.x * 2.0 - 1.0, 1.0 - uv.y * 2.0, 0.0, 1.0), uv);
}

fn sd_box(p: vec3<f32>, b: vec3<f32>) -> f32 {
    let q = abs(p) - b;
    return length(max(q, vec3<f32>(0.0))) + min(max(q.x, max(q.y, q.z)), 0.0);
}

fn rotate_y(p: vec3<f32>, a: f32) -> vec3<f32> {
    let c = cos(a);
    let s = sin(a);
    return vec3<f32>(c * p.x + s * p.z, p.y, -s * p.x + c * p.z);
}

// Distance to the scene and the id of the closest object.
fn scene(p: vec3<f32>) -> vec2<f32> {
    let t = params.time;
    var best = vec2<f32>(p.y + 1.0, 0.0);
    let sphere = length(p - vec3<f32>(-1.6, -0.1 + 0.3 * sin(t * 1.3), 0.5)) - 0.9;
    if sphere < best.x { best = vec2<f32>(sphere, 1.0); }
    let cube = sd_box(rotate_y(p - vec3<f32>(1.5, -0.3, 1.2), t * 0.7), vec3<f32>(0.7)) - 0.05;
    if cube < best.x { best = vec2<f32>(cube, 2.0); }
    let torus_p = p - vec3<f32>(0.2, -0.55, 4.0 + 0.5 * cos(t * 0.5));
    let torus = length(vec2<f32>(length(torus_p.xz) - 1.2, torus_p.y)) - 0.35;
    if torus < best.x { best = vec2<f32>(torus, 3.0); }
    return best;
}

fn normal_at(p: vec3<f32>) -> vec3<f32> {
    let e = vec2<f32>(0.002, 0.0);
    return normalize(vec3<f32>(
        scene(p + e.xyy).x - scene(p - e.xyy).x,
        scene(p + e.yxy).x - scene(p - e.yxy).x,
        scene(p + e.yyx).x - scene(p - e.yyx).x));
}

struct FsOut { @location(0) color: vec4<f32>, @location(1) depth: f32 }

fn srgb_to_linear(c: vec3<f32>) -> vec3<f32> {
    return select(pow((c + 0.055) / 1.055, vec3<f32>(2.4)), c / 12.92, c <= vec3<f32>(0.04045));
}

fn to_bt2020(c: vec3<f32>) -> vec3<f32> {
    return mat3x3<f32>(
        vec3<f32>(0.6274039, 0.0690973, 0.0163914),
        vec3<f32>(0.3292830, 0.9195404, 0.0880133),
        vec3<f32>(0.0433131, 0.0113623, 0.8955953)) * c;
}

fn pq(nits: vec3<f32>) -> vec3<f32> {
    let y = pow(clamp(nits / 10000.0, vec3<f32>(0.0), vec3<f32>(1.0)), vec3<f32>(0.1593017578125));
    return pow((0.8359375 + 18.8515625 * y) / (1.0 + 18.6875 * y), vec3<f32>(78.84375));
}

fn hlg(e: vec3<f32>) -> vec3<f32> {
    let c = clamp(e, vec3<f32>(0.0), vec3<f32>(1.0));
    let curve = 0.17883277 * log(max(12.0 * c - 0.28466892, vec3<f32>(1e-6))) + 0.55991073;
    return select(curve, sqrt(3.0 * c), c <= vec3<f32>(1.0 / 12.0));
}

// `code` is the SDR picture (sRGB code values); `boost` how much brighter than SDR white the
// light is on an HDR back buffer.
fn present(code: vec3<f32>, boost: f32) -> vec3<f32> {
    if params.encoding < 0.5 { return code; }
    let linear = srgb_to_linear(code) * boost;
    if params.encoding < 1.5 { return linear; }
    if params.encoding < 2.5 { return pq(to_bt2020(linear) * 80.0); }
    // 0.265: the scene light of 75 % HLG signal, SDR white (BT.2408).
    return hlg(to_bt2020(linear) * 0.265);
}

@fragment
fn fs(in: VsOut) -> FsOut {
    let t = params.time;
    let eye = vec3<f32>(5.5 * sin(t * 0.15), 1.2, -5.5 * cos(t * 0.15) + 1.5);
    let target_point = vec3<f32>(0.0, -0.2, 1.5);
    let forward = normalize(target_point - eye);
    let right = normalize(cross(vec3<f32>(0.0, 1.0, 0.0), forward));
    let up = cross(forward, right);
    let ndc = vec2<f32>(in.uv.x * 2.0 - 1.0, 1.0 - in.uv.y * 2.0);
    let dir = normalize(forward * 1.6 + right * ndc.x * params.aspect + up * ndc.y);

    var travelled = 0.0;
    var hit = vec2<f32>(1e9, -1.0);
    for (var i = 0; i < 96; i++) {
        let d = scene(eye + dir * travelled);
        if d.x < 0.001 { hit = d; break; }
        travelled += d.x;
        if travelled > params.far { break; }
    }
    let sky = mix(vec3<f32>(0.55, 0.7, 0.95), vec3<f32>(0.15, 0.25, 0.5), clamp(dir.y * 2.0, 0.0, 1.0));
    var out: FsOut;
    if hit.y < 0.0 || travelled > params.far {
        out.color = vec4<f32>(present(sky, 4.0), 1.0);
        out.depth = 1.0;
        return out;
    }
    let p = eye + dir * travelled;
    let n = normal_at(p);
    let light = normalize(vec3<f32>(-0.5, 0.8, -0.4));
    var albedo = vec3<f32>(0.8);
    if hit.y == 0.0 {
        let cell = (i32(floor(p.x)) + i32(floor(p.z))) & 1;
        albedo = select(vec3<f32>(0.85), vec3<f32>(0.25), cell == 1);
    } else if hit.y == 1.0 {
        albedo = vec3<f32>(0.9, 0.3, 0.2);
    } else if hit.y == 2.0 {
        albedo = vec3<f32>(0.2, 0.6, 0.9);
    } else {
        albedo = vec3<f32>(0.95, 0.8, 0.2);
    }
    // Soft shadow towards the light.
    var shadow = 1.0;
    var s = 0.05;
    for (var i = 0; i < 32; i++) {
        let h = scene(p + n * 0.01 + light * s).x;
        shadow = min(shadow, 8.0 * h / s);
        s += clamp(h, 0.02, 0.5);
        if shadow < 0.01 || s > 12.0 { break; }
    }
    let diffuse = max(dot(n, light), 0.0) * clamp(shadow, 0.0, 1.0);
    let fog = clamp(travelled / params.far, 0.0, 1.0);
    let lit = albedo * (0.2 + 0.8 * diffuse);
    out.color = vec4<f32>(present(mix(lit, sky, fog * fog), 1.0 + 2.0 * diffuse), 1.0);
    out.depth = clamp(travelled / params.far, 0.0, 1.0);
    return out;
}
"#;

/// Renders the scene into an [`InputTexture`] with depth, once per frame.
pub struct DemoScene {
    input: InputTexture,
    pipeline: wgpu::RenderPipeline,
    params: wgpu::Buffer,
    bind_group: wgpu::BindGroup,
    aspect: f32,
    /// `Params::encoding` of the shader.
    encoding: f32,
}

impl DemoScene {
    /// The scene on the default back buffer (RGBA8, sRGB).
    pub fn new(device: &wgpu::Device, size: (u32, u32)) -> Self {
        Self::for_back_buffer(device, size, BackBuffer::SRGB8)
    }

    /// The scene rendered into a `back_buffer` input, encoded for its colour space.
    pub fn for_back_buffer(
        device: &wgpu::Device,
        size: (u32, u32),
        back_buffer: BackBuffer,
    ) -> Self {
        let format = back_buffer.format();
        let color = InputTexture::blank(device, size, format, "fxbench demo scene");
        let depth = DepthTexture::new(device, size, "fxbench demo scene depth");
        let input = color.with_depth(depth);
        let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: Some("fxbench demo scene"),
            source: wgpu::ShaderSource::Wgsl(SHADER.into()),
        });
        let params = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("fxbench demo scene parameters"),
            size: 16,
            usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("fxbench demo scene"),
            entries: &[wgpu::BindGroupLayoutEntry {
                binding: 0,
                visibility: wgpu::ShaderStages::FRAGMENT,
                ty: wgpu::BindingType::Buffer {
                    ty: wgpu::BufferBindingType::Uniform,
                    has_dynamic_offset: false,
                    min_binding_size: None,
                },
                count: None,
            }],
        });
        let bind_group = device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("fxbench demo scene"),
            layout: &layout,
            entries: &[wgpu::BindGroupEntry {
                binding: 0,
                resource: params.as_entire_binding(),
            }],
        });
        let pipeline_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some("fxbench demo scene"),
            bind_group_layouts: &[Some(&layout)],
            immediate_size: 0,
        });
        let pipeline = device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
            label: Some("fxbench demo scene"),
            layout: Some(&pipeline_layout),
            vertex: wgpu::VertexState {
                module: &module,
                entry_point: Some("vs"),
                compilation_options: Default::default(),
                buffers: &[],
            },
            primitive: wgpu::PrimitiveState::default(),
            depth_stencil: None,
            multisample: wgpu::MultisampleState::default(),
            fragment: Some(wgpu::FragmentState {
                module: &module,
                entry_point: Some("fs"),
                compilation_options: Default::default(),
                targets: &[
                    Some(color::wgpu_format(format).into()),
                    Some(DEPTH_FORMAT.into()),
                ],
            }),
            multiview_mask: None,
            cache: None,
        });
        Self {
            input,
            pipeline,
            params,
            bind_group,
            aspect: size.0 as f32 / size.1.max(1) as f32,
            encoding: match back_buffer.color_space() {
                ColorSpace::Srgb => 0.0,
                ColorSpace::Scrgb => 1.0,
                ColorSpace::Hdr10 => 2.0,
                ColorSpace::Hlg => 3.0,
            },
        }
    }

    /// Records the scene at `time_s` seconds into its input texture and depth.
    pub fn render(&self, queue: &wgpu::Queue, encoder: &mut wgpu::CommandEncoder, time_s: f32) {
        queue.write_buffer(
            &self.params,
            0,
            bytemuck::cast_slice(&[time_s, FAR, self.aspect, self.encoding]),
        );
        let depth = self
            .input
            .depth
            .as_ref()
            .expect("the scene input always has depth");
        let attachment = |view| {
            Some(wgpu::RenderPassColorAttachment {
                view,
                depth_slice: None,
                resolve_target: None,
                ops: wgpu::Operations {
                    load: wgpu::LoadOp::Clear(wgpu::Color::BLACK),
                    store: wgpu::StoreOp::Store,
                },
            })
        };
        let mut pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
            label: Some("fxbench demo scene"),
            color_attachments: &[attachment(&self.input.view), attachment(&depth.view)],
            depth_stencil_attachment: None,
            timestamp_writes: None,
            occlusion_query_set: None,
            multiview_mask: None,
        });
        pass.set_pipeline(&self.pipeline);
        pass.set_bind_group(0, &self.bind_group, &[]);
        pass.draw(0..3, 0..1);
    }

    pub fn input(&self) -> &InputTexture {
        &self.input
    }
}
